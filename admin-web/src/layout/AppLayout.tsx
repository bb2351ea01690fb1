import { Box, CircularProgress } from '@mui/material';
import { type ReactNode } from 'react';
import {
  AppBar,
  Layout,
  RefreshIconButton,
  TitlePortal,
  ToggleThemeButton,
  useGetIdentity,
  useLoading,
  useTranslate,
} from 'react-admin';
import { Navigate } from 'react-router-dom';
import { CONSENT_PATH } from '../providers/authProvider';
import { AppMenu } from './AppMenu';
import { AppUserMenu } from './AppUserMenu';
import { AppFooter } from './AppFooter';
import { RequireSession } from './RequireSession';

/**
 * react-admin's loading indicator (the refresh button, a spinner over it while data loads), with a name for
 * the spinner: react-admin's own is a progress bar without one.
 */
function AppLoadingIndicator() {
  const loading = useLoading();
  const translate = useTranslate();
  return (
    <Box sx={{ position: 'relative' }}>
      <RefreshIconButton sx={loading ? { opacity: 0 } : undefined} />
      {loading && (
        <CircularProgress
          color="inherit"
          size={16}
          thickness={6}
          aria-label={translate('ra.page.loading')}
          sx={{ position: 'absolute', top: '30%', left: '30%' }}
        />
      )}
    </Box>
  );
}

/**
 * The page title in the top bar is the page's one h1: react-admin's lists put their title only
 * there, so custom pages do the same (through <Title>) instead of repeating it in the content.
 * The language choice lives in the user menu: react-admin's own language button has
 * no accessible name, so the bar keeps only the theme switch and the loading indicator.
 */
function AppTopBar() {
  return (
    <AppBar
      color="primary"
      userMenu={<AppUserMenu />}
      toolbar={
        <>
          <ToggleThemeButton />
          <AppLoadingIndicator />
        </>
      }
    >
      {/* The page's title arrives in a block of its own: it gets the ellipsis too, not a cut mid-word. */}
      <TitlePortal
        component="h1"
        sx={{
          fontSize: { xs: '1.1rem', sm: undefined },
          '& > *': { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        }}
      />
    </AppBar>
  );
}

function SignedInLayout({ children }: { children: ReactNode }) {
  const { identity } = useGetIdentity();
  // Members who have not consented yet may not use the application.
  if (identity?.needsConsent === true) {
    return <Navigate to={CONSENT_PATH} replace />;
  }
  return (
    <Layout
      appBar={AppTopBar}
      menu={AppMenu}
      // react-admin's layout is at least as wide as its content's intrinsic width ('fit-content'), and a flex
      // item as wide as its widest content: a table or a long word would widen the whole page past a phone's
      // screen. The page keeps the screen's width; what is wider scrolls or wraps inside its own box.
      sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}
    >
      {children}
      <AppFooter />
    </Layout>
  );
}

/** Every page but the sign-in, challenge, consent and error pages: a session first, then the consent. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <RequireSession>
      <SignedInLayout>{children}</SignedInLayout>
    </RequireSession>
  );
}
