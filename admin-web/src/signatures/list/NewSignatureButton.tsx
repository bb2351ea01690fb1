import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

export const NEW_SIGNATURE_PATH = '/signatures/new';

/** The way into the new-request wizard (`/signatures/new`). */
export function NewSignatureButton() {
  const translate = useTranslate();
  return (
    <Button component={Link} to={NEW_SIGNATURE_PATH} variant="contained" startIcon={<AddIcon />}>
      {translate('app.signatures.new_request')}
    </Button>
  );
}
