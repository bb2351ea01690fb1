import { CssBaseline } from '@mui/material';
import { type ReactNode } from 'react';
import { AdminContext, Notification, localStorageStore } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { lazyPage } from './lazyPage';
import { LoginPage } from './pages/auth/LoginPage';
import { NEW_PASSWORD_CHALLENGE_PATH, authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { storedLocale } from './providers/locale';
import { darkTheme, lightTheme } from './theme';

const store = localStorageStore(undefined, 'ESign');
// The language is also chosen in the signing app (same origin); its key is the one to trust.
store.setItem('locale', storedLocale());

// The back office (react-admin's interface, its layout and every page) is fetched once someone is past
// the sign-in pages; those, which every visit starts with, carry only themselves.
const BackOffice = lazyPage(() => import('./BackOffice').then((m) => m.BackOffice), null);
const ForgotPasswordPage = lazyPage(() =>
  import('./pages/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
);
const NewPasswordChallengePage = lazyPage(() =>
  import('./pages/auth/NewPasswordChallengePage').then((m) => m.NewPasswordChallengePage),
);

/** A page shown before a session exists, with the notifications the back office left (e.g. why it ended). */
function BeforeSignIn({ children }: { children: ReactNode }) {
  return (
    <CssBaseline enableColorScheme>
      {children}
      <Notification />
    </CssBaseline>
  );
}

/**
 * One react-admin context (providers, store, theme, notifications) for the whole app: the sign-in pages
 * render in it directly, the back office (react-admin's AdminUI) under every other address.
 */
export function App() {
  return (
    <AdminContext
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={lightTheme}
      darkTheme={darkTheme}
    >
      <Routes>
        {['/auth', '/auth/login'].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <BeforeSignIn>
                <LoginPage />
              </BeforeSignIn>
            }
          />
        ))}
        <Route
          path="/auth/forgot_password"
          element={
            <BeforeSignIn>
              <ForgotPasswordPage />
            </BeforeSignIn>
          }
        />
        {[NEW_PASSWORD_CHALLENGE_PATH, '/init/new_password_required'].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <BeforeSignIn>
                <NewPasswordChallengePage />
              </BeforeSignIn>
            }
          />
        ))}
        <Route path="*" element={<BackOffice />} />
      </Routes>
    </AdminContext>
  );
}
