import DrawIcon from '@mui/icons-material/Draw';
import { SignatureList } from './SignatureList';

export const signatures = {
  name: 'signatures',
  list: SignatureList,
  icon: DrawIcon,
  recordRepresentation: 'signatureTitle',
};
