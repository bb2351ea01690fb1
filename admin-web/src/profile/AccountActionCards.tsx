import { type UserView } from '@esign/shared';
import { Button, Card, CardContent, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Confirm,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { type AppDataProvider } from '../providers/dataProvider';
import { MUTATION_OPTIONS } from '../common/mutations';
import { apiErrorCode } from '../common/saveNotifications';

type AccountAction = 'deactivate' | 'activate' | 'delete';

interface ActionCardProps {
  action: AccountAction;
  /** The API call; it rejects when refused. */
  run: () => Promise<unknown>;
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

/** One confirmed action: tick the box, press the button, confirm in the dialog. */
function ActionCard({ action, run, onSuccess, onError }: ActionCardProps) {
  const translate = useTranslate();
  const [confirmed, setConfirmed] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const { mutate, isPending: running } = useMutation({
    ...MUTATION_OPTIONS,
    mutationFn: run,
    onSuccess,
    onError,
    // Done either way: the dialog closes and the box is unticked for the next time.
    onSettled: () => {
      setDialogOpen(false);
      setConfirmed(false);
    },
  });
  const titleId = `account-${action}-title`;

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2">
          {translate(`app.account_actions.${action}.title`)}
        </Typography>
        <FormControlLabel
          control={<Checkbox checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />}
          label={translate(`app.account_actions.${action}.checkbox`)}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(`app.account_actions.${action}.description`)}
        </Typography>
        <Button
          variant="contained"
          color={action === 'activate' ? 'primary' : 'error'}
          disabled={!confirmed || running}
          onClick={() => setDialogOpen(true)}
        >
          {translate(`app.account_actions.${action}.submit`)}
        </Button>
      </CardContent>
      <Confirm
        isOpen={dialogOpen}
        loading={running}
        title={`app.account_actions.${action}.dialog_title`}
        content={`app.account_actions.${action}.dialog_content`}
        confirm="app.account_actions.confirm"
        cancel="app.account_actions.cancel"
        confirmColor={action === 'activate' ? 'primary' : 'warning'}
        onConfirm={() => mutate()}
        onClose={() => setDialogOpen(false)}
      />
    </Card>
  );
}

/** Deactivate an enabled account; activate or delete a disabled one. Shown to admins on others' accounts. */
export function AccountActionCards() {
  const user = useRecordContext<UserView>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  if (!user) return null;

  const failed = (fallback: string) => (error: unknown) => {
    const code = apiErrorCode(error);
    notify(code ? `errors.${code}` : fallback, { type: 'error' });
  };

  const accessCard = (enabled: boolean) => (
    <ActionCard
      action={enabled ? 'activate' : 'deactivate'}
      run={() => dataProvider.setUserAccess(user.id, enabled)}
      onSuccess={() => {
        notify(enabled ? 'app.notifications.access_created' : 'app.notifications.access_removed', {
          type: 'success',
        });
        refresh();
      }}
      onError={failed(
        enabled ? 'app.notifications.access_create_failed' : 'app.notifications.access_remove_failed',
      )}
    />
  );

  if (!user.isDisabled) return accessCard(false);
  return (
    <>
      {accessCard(true)}
      <ActionCard
        action="delete"
        run={() => dataProvider.delete('users', { id: user.id, previousData: user })}
        onSuccess={() => {
          notify('app.notifications.user_deleted', { type: 'success' });
          redirect('list', 'users');
        }}
        onError={failed('app.notifications.delete_user_failed')}
      />
    </>
  );
}
