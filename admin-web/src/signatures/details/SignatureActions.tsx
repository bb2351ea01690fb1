import { type SignatureDetailsView, type SignatureRequestView } from '@esign/shared';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import { Button, Stack } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { canCancel, canDownload, canEdit, canExtend, canRemind } from '../statusRules';
import { CancelRequestButton } from './CancelRequestButton';
import { ExtendExpiryButton } from './ExtendExpiryButton';
import { ReassignButton } from './ReassignButton';
import { RemindButton } from './RemindButton';

interface SignatureActionsProps {
  request: SignatureDetailsView;
  patch: (change: Partial<SignatureRequestView>) => void;
  reload: () => void;
}

/** What the member can do with the request in its current state. */
export function SignatureActions({ request, patch, reload }: SignatureActionsProps) {
  const translate = useTranslate();
  // An agency's managers (those who manage its team) give its requests to whom they choose.
  const { canAccess: manages } = useCanAccess({ resource: 'team', action: 'list' });
  const path = `/signatures/${encodeURIComponent(request.id)}`;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
      {canRemind(request) && (
        <RemindButton
          request={request}
          onAvailabilityChange={(next) => patch({ nextReminderAvailability: next })}
          onReminded={reload}
        />
      )}
      {canDownload(request) && (
        <Button component={Link} to={`${path}/download`} variant="contained" startIcon={<DownloadIcon />}>
          {translate('app.signature_actions.download')}
        </Button>
      )}
      {canEdit(request) && (
        <Button component={Link} to={`${path}/edit`} variant="outlined" startIcon={<EditIcon />}>
          {translate('app.signature_actions.edit')}
        </Button>
      )}
      {canExtend(request) && (
        <ExtendExpiryButton
          request={request}
          onExtended={(extended) => {
            patch(extended);
            reload();
          }}
        />
      )}
      {manages && <ReassignButton request={request} onReassigned={reload} />}
      {canCancel(request) && (
        <CancelRequestButton
          id={request.id}
          onCancelled={(cancelled) => {
            patch(cancelled);
            reload();
          }}
        />
      )}
    </Stack>
  );
}
