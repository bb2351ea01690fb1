import DrawIcon from '@mui/icons-material/Draw';
import { Suspense, lazy } from 'react';
import { Loading } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { SignatureDetailsPage } from './details/SignatureDetailsPage';
import { SignatureDownloadPage } from './download/SignatureDownloadPage';
import { SignatureList } from './list/SignatureList';
import { NEW_SIGNATURE_PATH } from './list/NewSignatureButton';

// The wizard carries the phone-number metadata and, through its previews, pdf.js: loaded when opened.
const SignatureWizardPage = lazy(() => import('./wizard/SignatureWizardPage'));

function Wizard() {
  return (
    <Suspense fallback={<Loading />}>
      <SignatureWizardPage />
    </Suspense>
  );
}

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
