import { type ReactNode } from 'react';
import { useAuthState } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { SIGN_IN_PATH } from '../providers/authProvider';
import { PageLoading } from '../common/PageLoading';

/**
 * The pages inside the layout need a session; without one, the visitor goes to the sign-in page with one
 * redirect (which says why, when a session was refused: see `rememberSessionEnd`). It stands in for
 * react-admin's `requireAuth`, which answers a visitor without a session by logging them out: that logout
 * clears the query cache, which re-runs the session check and logs out again before the router has moved to
 * the sign-in page, thousands of times before the form can be used.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { isPending, authenticated } = useAuthState(undefined, false);
  if (isPending) return <PageLoading />;
  if (!authenticated) return <Navigate to={SIGN_IN_PATH} replace />;
  return children;
}
