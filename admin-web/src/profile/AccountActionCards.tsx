import { type UserView } from '@esign/shared';
import { Button, Card, CardContent, Checkbox, FormControlLabel, Typography } from '@mui/material';
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
import { apiErrorCode } from '../common/saveNotifications';

type AccountAction = 'deactivate' | 'activate' | 'delete';

interface ActionCardProps {
  action: AccountAction;
  run: () => Promise<void>;
}

/** One confirmed action: tick the box, press the button, confirm in the dialog (spec §2). */
function ActionCard({ action, run }: ActionCardProps) {
  const translate = useTranslate();
  const [confirmed, setConfirmed] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const titleId = `account-${action}-title`;

  const confirm = async () => {
    setRunning(true);
    try {
      await run();
    } finally {
      setRunning(false);
      setDialogOpen(false);
      setConfirmed(false);
    }
  };

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
        onConfirm={() => void confirm()}
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

  const failed = (error: unknown, fallback: string) => {
    const code = apiErrorCode(error);
    notify(code ? `errors.${code}` : fallback, { type: 'error' });
  };

  const setAccess = (enabled: boolean) => async () => {
    try {
      await dataProvider.setUserAccess(user.id, enabled);
      notify(enabled ? 'app.notifications.access_created' : 'app.notifications.access_removed', {
        type: 'success',
      });
      refresh();
    } catch (error) {
      failed(
        error,
        enabled ? 'app.notifications.access_create_failed' : 'app.notifications.access_remove_failed',
      );
    }
  };

  const remove = async () => {
    try {
      await dataProvider.delete('users', { id: user.id, previousData: user });
      notify('app.notifications.user_deleted', { type: 'success' });
      redirect('list', 'users');
    } catch (error) {
      failed(error, 'app.notifications.delete_user_failed');
    }
  };

  if (!user.isDisabled) return <ActionCard action="deactivate" run={setAccess(false)} />;
  return (
    <>
      <ActionCard action="activate" run={setAccess(true)} />
      <ActionCard action="delete" run={remove} />
    </>
  );
}
