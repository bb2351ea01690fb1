import { useGetIdentity } from 'react-admin';
import { useParams } from 'react-router-dom';
import { UserEditView } from './UserEditView';
import { PageLoading } from '../common/PageLoading';

/** `/profile/me` (account settings, from the user menu) and `/profile/{id}` (someone's profile details). */
export function ProfilePage() {
  const { id = 'me' } = useParams<'id'>();
  const { identity, isPending } = useGetIdentity();
  if (isPending || !identity) return <PageLoading />;
  const own = id === 'me' || id === String(identity.id);
  return (
    <UserEditView
      key={id}
      id={own ? String(identity.id) : id}
      own={own}
      title={own ? 'app.users.account_settings' : 'app.users.profile_details'}
    />
  );
}
