import { isLocale } from '@esign/shared';
import { useCallback } from 'react';
import { useAuthState, useLocaleState, useNavigate } from 'react-admin';
import { NEW_PASSWORD_CHALLENGE_PATH } from '../../providers/authProvider';
import { hasStoredLocale } from '../../providers/locale';
import { verifiedUser } from '../../providers/session';

/**
 * Goes where sign-in leads, in the account's language when nobody chose one in this browser (a member
 * created in Luxembourgish gets the Luxembourgish interface at the first sign-in). The session check react-admin cached while signed out is
 * re-run first; otherwise the protected layout would still see "signed out" and send the user back here.
 */
export function useFinishSignIn(): (redirectTo: string) => Promise<void> {
  const navigate = useNavigate();
  const { refetch } = useAuthState(undefined, false, { enabled: false });
  const [locale, setLocale] = useLocaleState();
  return useCallback(
    async (redirectTo: string) => {
      if (redirectTo !== NEW_PASSWORD_CHALLENGE_PATH) {
        await refetch();
        const language = hasStoredLocale() ? null : (await verifiedUser().catch(() => null))?.language;
        if (isLocale(language) && language !== locale) setLocale(language);
      }
      navigate(redirectTo, { replace: true });
    },
    [locale, navigate, refetch, setLocale],
  );
}
