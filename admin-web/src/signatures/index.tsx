import DrawIcon from '@mui/icons-material/Draw';
import { Navigate, Route } from 'react-router-dom';
import { lazyPage } from '../lazyPage';
import { NEW_SIGNATURE_PATH } from './list/NewSignatureButton';

// Each page fetched when first shown: the wizard carries the phone-number metadata and, through its
// previews, pdf.js; the list and details the request views.
const SignatureList = lazyPage(() => import('./list/SignatureList').then((m) => m.SignatureList));
const SignatureDetailsPage = lazyPage(() =>
  import('./details/SignatureDetailsPage').then((m) => m.SignatureDetailsPage),
);
const SignatureDownloadPage = lazyPage(() =>
  import('./download/SignatureDownloadPage').then((m) => m.SignatureDownloadPage),
);
const Wizard = lazyPage(() => import('./wizard/SignatureWizardPage').then((m) => m.default));

/** Members' signature requests: `/signatures`, `/signatures/new`, `/signatures/{id}` and its edit and download pages. */
export const signatures = {
  name: 'signatures',
  list: SignatureList,
  icon: DrawIcon,
  recordRepresentation: 'signatureTitle',
  children: [
    <Route key="new" path="new" element={<Wizard />} />,
    <Route key="create" path="create" element={<Navigate to={NEW_SIGNATURE_PATH} replace />} />,
    <Route key="show" path=":id" element={<SignatureDetailsPage />} />,
    <Route key="edit" path=":id/edit" element={<Wizard />} />,
    <Route key="download" path=":id/download" element={<SignatureDownloadPage />} />,
  ],
};
