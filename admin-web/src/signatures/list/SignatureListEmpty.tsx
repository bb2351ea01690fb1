import DrawIcon from '@mui/icons-material/Draw';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { NewSignatureButton } from './NewSignatureButton';

/** Shown before the first request: what a request is, and the way to create one. */
export function SignatureListEmpty() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', mt: 6, mx: 'auto', maxWidth: 560 }}>
      <DrawIcon aria-hidden sx={{ fontSize: 72, color: 'text.disabled' }} />
      <Typography variant="h5" component="h2" gutterBottom>
        {translate('app.signatures.empty_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('app.signatures.empty_body')}
      </Typography>
      <NewSignatureButton />
    </Box>
  );
}
