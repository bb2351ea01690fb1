import { LOCALES, pageLanguage } from '@esign/shared';
import CheckIcon from '@mui/icons-material/Check';
import SettingsIcon from '@mui/icons-material/Settings';
import { Box, Divider, ListItemIcon, ListItemText, ListSubheader, MenuItem } from '@mui/material';
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

/**
 * One radio item per language, each named in itself. It changes this interface only: the e-mails and SMS
 * keep the account's language, which the profile page sets, and the heading says so.
 */
function LanguageItems() {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  const [locale, setLocale] = useLocaleState();
  return (
    <>
      <Divider />
      <ListSubheader id="user-menu-language" sx={{ lineHeight: 1.4, py: 1, maxWidth: 280 }}>
        {translate('app.user_menu.interface_language')}
      </ListSubheader>
      {LOCALES.map((option) => (
        <MenuItem
          key={option}
          role="menuitemradio"
          aria-checked={option === locale}
          lang={pageLanguage(option)}
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

/**
 * Who is signed in, the account settings, the language, then the sign-out action. The button shows the
 * person's name on wide screens: its accessible name starts with it, so speech commands find it. A logo,
 * often wide, is shown whole rather than cropped to a circle.
 */
export function AppUserMenu() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const email = typeof identity?.email === 'string' ? identity.email : undefined;
  const name = typeof identity?.fullName === 'string' ? identity.fullName : undefined;
  return (
    <Box
      sx={{
        // A box of its own size: with an automatic width, the image (100 % of it) left it a sliver.
        '& .RaUserMenu-avatar': {
          width: 56,
          height: 32,
          borderRadius: 1,
          bgcolor: 'common.white',
          '& img': { objectFit: 'contain' },
        },
      }}
    >
      <UserMenu label={name ? translate('app.user_menu.button', { name }) : 'app.user_menu.button_unnamed'}>
        {email && (
          <MenuItem disabled>
            <ListItemText primary={translate('app.user_menu.signed_in_as', { email })} />
          </MenuItem>
        )}
        <AccountSettingsItem />
        <LanguageItems />
        <Logout />
      </UserMenu>
    </Box>
  );
}
