import { useCallback } from 'react';
import { useAuthState, useNavigate } from 'react-admin';
import { NEW_PASSWORD_CHALLENGE_PATH } from '../../providers/authProvider';

/**
 * Goes where sign-in leads. The session check react-admin cached while signed out is
 * re-run first; otherwise the protected layout would still see "signed out" and send the user back here.
 */
export function useFinishSignIn(): (redirectTo: string) => Promise<void> {
  const navigate = useNavigate();
  const { refetch } = useAuthState(undefined, false, { enabled: false });
  return useCallback(
    async (redirectTo: string) => {
      if (redirectTo !== NEW_PASSWORD_CHALLENGE_PATH) {
        await refetch();
      }
      navigate(redirectTo, { replace: true });
    },
    [navigate, refetch],
  );
}
