import { Admin, CustomRoutes, Resource, localStorageStore } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { CostsPage } from './billing/CostsPage';
import { PriceListPage } from './billing/PriceListPage';
import { AppLayout } from './layout/AppLayout';
import { DashboardPage } from './pages/DashboardPage';
import { DevOutboxPage } from './pages/DevOutboxPage';
import { ErrorPage, NotFoundPage } from './pages/ErrorPage';
import { LogoutPage } from './pages/LogoutPage';
import { ForgotPasswordPage } from './pages/auth/ForgotPasswordPage';
import { LoginPage } from './pages/auth/LoginPage';
import { NewPasswordChallengePage } from './pages/auth/NewPasswordChallengePage';
import { ConsentPage } from './pages/consent/ConsentPage';
import { ProfilePage } from './profile/ProfilePage';
import {
  AFTER_SIGN_IN_PATH,
  CONSENT_PATH,
  NEW_PASSWORD_CHALLENGE_PATH,
  authProvider,
} from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { storedLocale } from './providers/locale';
import { signatures } from './signatures';
import { darkTheme, lightTheme } from './theme';
import { users } from './users';

const store = localStorageStore(undefined, 'ESign');
// The language is also chosen in the signing app (same origin); its key is the one to trust.
store.setItem('locale', storedLocale());

function RedirectToDashboard() {
  return <Navigate to={AFTER_SIGN_IN_PATH} replace />;
}

export function App() {
  return (
    <Admin
      title="app.name"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      disableTelemetry
      // No `requireAuth`: AppLayout sends a visitor without a session to the sign-in page (see RequireSession).
      loginPage={false}
      authCallbackPage={false}
      dashboard={RedirectToDashboard}
      layout={AppLayout}
      catchAll={NotFoundPage}
      theme={lightTheme}
      darkTheme={darkTheme}
    >
      <CustomRoutes noLayout>
        <Route path="/auth" element={<LoginPage />} />
        <Route path="/auth/login" element={<LoginPage />} />
        <Route path="/auth/forgot_password" element={<ForgotPasswordPage />} />
        <Route path={NEW_PASSWORD_CHALLENGE_PATH} element={<NewPasswordChallengePage />} />
        <Route path="/init/new_password_required" element={<NewPasswordChallengePage />} />
        <Route path="/init" element={<Navigate to={CONSENT_PATH} replace />} />
        <Route path={CONSENT_PATH} element={<ConsentPage />} />
        <Route path="/challenges/gdpr" element={<ConsentPage />} />
        <Route path="/logout" element={<LogoutPage />} />
        <Route path="/error" element={<ErrorPage code={404} />} />
        <Route path="/error/404" element={<ErrorPage code={404} />} />
        <Route path="/error/500" element={<ErrorPage code={500} />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path={AFTER_SIGN_IN_PATH} element={<DashboardPage />} />
        <Route path="/dev/outbox" element={<DevOutboxPage />} />
        <Route path="/billing" element={<CostsPage />} />
        <Route path="/billing/prices" element={<PriceListPage />} />
        <Route path="/profile/:id" element={<ProfilePage />} />
        <Route path="/users/new" element={<Navigate to="/users/create" replace />} />
      </CustomRoutes>
      <Resource {...users} />
      <Resource {...signatures} />
    </Admin>
  );
}
