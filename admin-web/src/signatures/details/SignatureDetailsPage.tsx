import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Stack } from '@mui/material';
import { Loading, Title, useRequireAccess, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { AuditTrail } from './AuditTrail';
import { ClosureNotice } from './ClosureNotice';
import { DocumentPreview } from './DocumentPreview';
import { SignatoriesTable } from './SignatoriesTable';
import { SignatureActions } from './SignatureActions';
import { SignatureSummary } from './SignatureSummary';
import { useSignatureDetails } from './useSignatureDetails';

function BackToList() {
  const translate = useTranslate();
  return (
    <Button component={Link} to="/signatures" startIcon={<ArrowBackIcon />}>
      {translate('app.signature_details.back_to_list')}
    </Button>
  );
}

/** `/signatures/{id}`: the request, its signatories, its audit trail and what can be done with it. */
export function SignatureDetailsPage() {
  const translate = useTranslate();
  const { id = '' } = useParams<'id'>();
  const { isPending } = useRequireAccess({ resource: 'signatures', action: 'show' });
  const { state, reload, patch } = useSignatureDetails(id);

  if (isPending || state.status === 'loading') return <Loading />;
  if (state.status === 'failed') {
    return (
      <Box sx={{ mt: 2, maxWidth: 1500 }}>
        <Title title="resources.signatures.name" />
        <Alert
          severity="error"
          action={
            state.notFound ? undefined : (
              <Button color="inherit" onClick={reload}>
                {translate('app.signature_details.retry')}
              </Button>
            )
          }
        >
          {translate(`app.signature_details.${state.notFound ? 'not_found' : 'load_failed'}`)}
        </Alert>
        <BackToList />
      </Box>
    );
  }
  const { details } = state;
  return (
    <Box sx={{ mt: 2, maxWidth: 1500 }}>
      <Title title={details.signatureTitle} />
      <Stack spacing={2}>
        <Box>
          <BackToList />
        </Box>
        <SignatureActions request={details} patch={patch} reload={reload} />
        <ClosureNotice request={details} />
        <SignatureSummary request={details} />
        <SignatoriesTable signatories={details.signatories} request={details} />
        <DocumentPreview request={details} />
        <AuditTrail events={details.auditTrail} chainValid={details.auditChainValid} />
      </Stack>
    </Box>
  );
}
