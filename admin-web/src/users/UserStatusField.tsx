import { type UserView } from '@esign/shared';
import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** "Active" or "Disabled", in words rather than a bare icon. */
export function UserStatusField() {
  const translate = useTranslate();
  const user = useRecordContext<UserView>();
  if (!user) return null;
  return (
    <Chip
      size="small"
      color={user.isDisabled ? 'default' : 'success'}
      label={translate(user.isDisabled ? 'app.users.status.disabled' : 'app.users.status.active')}
    />
  );
}
