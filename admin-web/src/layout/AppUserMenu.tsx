import { ListItemText, MenuItem } from '@mui/material';
import { Logout, UserMenu, useGetIdentity, useTranslate } from 'react-admin';

/** Shows who is signed in, then the sign-out action. */
export function AppUserMenu() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const email = typeof identity?.email === 'string' ? identity.email : undefined;
  return (
    <UserMenu>
      {email && (
        <MenuItem disabled>
          <ListItemText primary={translate('app.user_menu.signed_in_as', { email })} />
        </MenuItem>
      )}
      <Logout />
    </UserMenu>
  );
}
