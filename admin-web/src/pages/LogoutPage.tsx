import { useEffect } from 'react';
import { Loading, useAuthProvider } from 'react-admin';
import { SIGN_IN_PATH } from '../providers/authProvider';

/** `/logout`: ends the session, then reloads on the sign-in page so no state of the session survives. */
export function LogoutPage() {
  const authProvider = useAuthProvider();
  useEffect(() => {
    const leave = () => window.location.replace(SIGN_IN_PATH);
    (authProvider?.logout({}) ?? Promise.resolve()).then(leave, leave);
  }, [authProvider]);
  return <Loading />;
}
