import { type SignatureRequestView, type UserView } from '@esign/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button } from '@mui/material';
import { Title, useGetOne, useLocaleState, useNotify, useRequireAccess, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { asLocale } from '../../providers/locale';
import { canEdit } from '../statusRules';
import { wizardStateFromRequest } from './payload';
import { NewRequestWizard, type WizardLogoProps } from './NewRequestWizard';
import { SignatureWizard } from './SignatureWizard';
import { newSignatoryKey } from './signatoryList';
import { PageLoading } from '../../common/PageLoading';

function NotEditable({ id, message }: { id: string; message: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, maxWidth: 900 }}>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {translate(message)}
      </Alert>
      <Button component={Link} to={`/signatures/${encodeURIComponent(id)}`} startIcon={<ArrowBackIcon />}>
        {translate('app.signature_download.back')}
      </Button>
    </Box>
  );
}

/** `/signatures/new` and `/signatures/{id}/edit`: the wizard, with the member's logo and language. */
export default function SignatureWizardPage() {
  const { id } = useParams<'id'>();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const access = useRequireAccess({ resource: 'signatures', action: id ? 'edit' : 'create' });
  // The member's own account: an ADVANCED signature needs its logo, the invitations default to its language.
  const member = useGetOne<UserView>('users', { id: 'me' }, { retry: false });
  const request = useGetOne<SignatureRequestView>(
    'signatures',
    { id: id ?? '' },
    {
      enabled: Boolean(id),
      onError: () => notify('app.signatures.notifications.fetch_failed', { type: 'error' }),
    },
  );
  const title = id ? 'app.signatures.edit_request' : 'app.signatures.new_request';

  if (access.isPending || member.isPending || (id && request.isPending)) return <PageLoading />;
  if (id && !request.data) return <NotEditable id={id} message="app.signature_details.load_failed" />;
  if (id && request.data && !canEdit(request.data)) {
    return <NotEditable id={id} message="app.signature_wizard.not_editable" />;
  }
  const language = member.data?.language ?? asLocale(locale);
  const existing = id ? request.data : undefined;
  const logo: WizardLogoProps = {
    hasLogo: Boolean(member.data?.logoUrl),
    checkingLogo: member.isFetching,
    onCheckLogo: () => void member.refetch(),
  };
  return (
    <Box sx={{ mt: 2, maxWidth: 1500 }}>
      <Title title={title} />
      {existing ? (
        // Editing never reads nor writes the new-request draft.
        <SignatureWizard
          key={existing.id}
          requestId={existing.id}
          createInitialState={() => wizardStateFromRequest(existing, newSignatoryKey, language)}
          {...logo}
        />
      ) : (
        <NewRequestWizard userId={member.data?.id ?? null} language={language} {...logo} />
      )}
    </Box>
  );
}
