import { type ReactNode, useEffect } from 'react';
import { Loading, useAuthState, useNotify } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { SIGN_IN_PATH } from '../providers/authProvider';

/** What `authProvider.checkAuth` rejects with: a translation key, or false for a visitor never signed in. */
function messageOf(error: unknown): string | false {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : false;
}

/**
 * The pages inside the layout need a session; without one, the visitor goes to the sign-in page with one
 * redirect. It stands in for react-admin's `requireAuth`, which answers a visitor without a session by
 * logging them out: that logout clears the query cache, which re-runs the session check and logs out again
 * before the router has moved to the sign-in page, thousands of times before the form can be used.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { isPending, authenticated, error } = useAuthState(undefined, false);
  const notify = useNotify();
  const message = authenticated === false ? messageOf(error) : false;

  useEffect(() => {
    if (message) notify(message, { type: 'error' });
  }, [message, notify]);

  if (isPending) return <Loading />;
  if (!authenticated) return <Navigate to={SIGN_IN_PATH} replace />;
  return children;
}
