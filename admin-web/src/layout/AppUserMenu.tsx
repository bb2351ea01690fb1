import { LOCALES, intlLocale } from '@esign/shared';
import CheckIcon from '@mui/icons-material/Check';
import SettingsIcon from '@mui/icons-material/Settings';
import { Divider, ListItemIcon, ListItemText, ListSubheader, MenuItem } from '@mui/material';
import { forwardRef } from 'react';
import {
  Link,
  Logout,
  UserMenu,
  useGetIdentity,
  useLocaleState,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { LOCALE_NAMES } from '../i18n';

/** A menu entry must close the menu itself, or it stays open over the page it opened. */
const AccountSettingsItem = forwardRef<HTMLAnchorElement>(function AccountSettingsItem(props, ref) {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to="/profile/me" ref={ref} {...props} onClick={() => userMenu?.onClose()}>
      <ListItemIcon>
        <SettingsIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={translate('app.users.account_settings')} />
    </MenuItem>
  );
});

/** One radio item per language, each named in itself; the i18n provider also saves the choice. */
function LanguageItems() {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  const [locale, setLocale] = useLocaleState();
  return (
    <>
      <Divider />
      <ListSubheader id="user-menu-language">{translate('app.language')}</ListSubheader>
      {LOCALES.map((option) => (
        <MenuItem
          key={option}
          role="menuitemradio"
          aria-checked={option === locale}
          lang={intlLocale(option)}
          onClick={() => {
            setLocale(option);
            userMenu?.onClose();
          }}
        >
          <ListItemIcon>{option === locale && <CheckIcon fontSize="small" />}</ListItemIcon>
          <ListItemText primary={LOCALE_NAMES[option]} />
        </MenuItem>
      ))}
      <Divider />
    </>
  );
}

/** Who is signed in, the account settings, the language, then the sign-out action. */
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
      <AccountSettingsItem />
      <LanguageItems />
      <Logout />
    </UserMenu>
  );
}
