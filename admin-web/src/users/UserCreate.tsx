import { Create, useLocaleState, useNotify, useRedirect } from 'react-admin';
import { ProfileForm } from '../profile/ProfileForm';
import { useSaveErrorNotification } from '../common/saveNotifications';

/** The country prefix the mobile field starts with (Luxembourg by default). */
const DEFAULT_MOBILE_PREFIX = '+352';

/** `/users/create` (admins): a new member, who receives a welcome e-mail with a temporary password. */
export function UserCreate() {
  const [locale] = useLocaleState();
  const notify = useNotify();
  const redirect = useRedirect();
  const onError = useSaveErrorNotification('create');
  return (
    <Create
      title="app.users.new_member"
      record={{ mobile: DEFAULT_MOBILE_PREFIX, language: locale }}
      mutationOptions={{
        onSuccess: () => {
          notify('app.notifications.user_created', { type: 'success' });
          redirect('list', 'users');
        },
        onError,
      }}
    >
      <ProfileForm mode="create" canEditEmail />
    </Create>
  );
}
