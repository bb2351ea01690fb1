import { type UserView } from '@esign/shared';
import { Card, Stack } from '@mui/material';
import { Edit, useGetIdentity, useNotify, useRecordContext } from 'react-admin';
import { AccountActionCards } from './AccountActionCards';
import { ChangePasswordCard } from './ChangePasswordCard';
import { ProfileForm } from './ProfileForm';
import { useSaveErrorNotification } from '../common/saveNotifications';
import { PageLoading } from '../common/PageLoading';

interface UserEditViewProps {
  id: string;
  /** Translation key of the page title. */
  title: string;
  /** The signed-in user's own account, which everybody may edit. */
  own: boolean;
}

function UserEditContent({ ownId, isAdmin }: { ownId: string; isAdmin: boolean }) {
  const user = useRecordContext<UserView>();
  if (!user) return <PageLoading />;
  const isOwn = user.id === ownId;
  return (
    <Stack spacing={2} sx={{ mt: 2, maxWidth: 1500 }}>
      <Card>
        <ProfileForm mode="edit" canEditEmail={isAdmin} />
      </Card>
      {isOwn && <ChangePasswordCard />}
      {/* Admins act on other accounts only, never on their own. */}
      {isAdmin && !isOwn && <AccountActionCards />}
    </Stack>
  );
}

/** One account's settings: `/profile/{id}` and, for admins, `/users/{id}`. */
export function UserEditView({ id, title, own }: UserEditViewProps) {
  const notify = useNotify();
  const onError = useSaveErrorNotification('update');
  const { identity, isPending } = useGetIdentity();
  if (isPending || !identity) return <PageLoading />;
  return (
    <Edit
      resource="users"
      id={id}
      title={title}
      component="div"
      actions={false}
      redirect={false}
      mutationMode="pessimistic"
      // The `users` resource is for admins; members reach their own record only (the layout keeps the session check).
      disableAuthentication={own}
      mutationOptions={{
        onSuccess: () => notify('app.notifications.user_updated', { type: 'success' }),
        onError,
      }}
    >
      <UserEditContent ownId={String(identity.id)} isAdmin={identity.isAdmin === true} />
    </Edit>
  );
}
