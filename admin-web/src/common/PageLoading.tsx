import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A page's content on its way: react-admin's <Loading> as seen, but announced to screen readers as a status
 * with its words (its bare spinner is a progress bar without a name, which axe-core rightly reports).
 */
export function PageLoading() {
  const translate = useTranslate();
  return (
    <Box
      role="status"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, py: 6 }}
    >
      <CircularProgress color="primary" aria-hidden />
      <Typography variant="h6" component="p" color="text.secondary">
        {translate('ra.page.loading')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('ra.message.loading')}
      </Typography>
    </Box>
  );
}
