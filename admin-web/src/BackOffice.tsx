import { AdminUI, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { AppLayout } from './layout/AppLayout';
import { lazyPage } from './lazyPage';
import { AccessDeniedPage, ErrorPage, NotFoundPage } from './pages/ErrorPage';
import { AFTER_SIGN_IN_PATH, CONSENT_PATH } from './providers/authProvider';
import { signatures } from './signatures';
import { users } from './users';

// Each page fetched when first shown: the dashboard carries the charts, the wizard pdf.js.
const CostsPage = lazyPage(() => import('./billing/CostsPage').then((m) => m.CostsPage));
const PriceListPage = lazyPage(() => import('./billing/PriceListPage').then((m) => m.PriceListPage));
const DashboardPage = lazyPage(() => import('./pages/DashboardPage').then((m) => m.DashboardPage));
const DevOutboxPage = lazyPage(() => import('./pages/DevOutboxPage').then((m) => m.DevOutboxPage));
const LogoutPage = lazyPage(() => import('./pages/LogoutPage').then((m) => m.LogoutPage));
const ConsentPage = lazyPage(() => import('./pages/consent/ConsentPage').then((m) => m.ConsentPage));
const ProfilePage = lazyPage(() => import('./profile/ProfilePage').then((m) => m.ProfilePage));
const TeamPage = lazyPage(() => import('./team/TeamPage').then((m) => m.TeamPage));

function RedirectToDashboard() {
  return <Navigate to={AFTER_SIGN_IN_PATH} replace />;
}

/** The back office: react-admin's interface, with the product's layout, pages and resources. */
export function BackOffice() {
  return (
    <AdminUI
      title="app.name"
      disableTelemetry
      // No `requireAuth`: AppLayout sends a visitor without a session to the sign-in page (see RequireSession).
      loginPage={false}
      authCallbackPage={false}
      dashboard={RedirectToDashboard}
      layout={AppLayout}
      catchAll={NotFoundPage}
      accessDenied={AccessDeniedPage}
    >
      <CustomRoutes noLayout>
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
        <Route path="/team" element={<TeamPage />} />
        <Route path="/billing/prices" element={<PriceListPage />} />
        <Route path="/profile/:id" element={<ProfilePage />} />
        <Route path="/users/new" element={<Navigate to="/users/create" replace />} />
      </CustomRoutes>
      <Resource {...users} edit={ProfilePage} />
      <Resource {...signatures} />
    </AdminUI>
  );
}
