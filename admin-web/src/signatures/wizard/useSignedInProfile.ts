import { type UserView } from '@esign/shared';
import { useEffect, useState } from 'react';
import { verifiedUser } from '../../providers/session';

/**
 * The signed-in member's account, as the session check last read it (no extra request while it is fresh);
 * null until known, or when it cannot be read (the wizard then simply prefills nothing).
 */
export function useSignedInProfile(): UserView | null {
  const [profile, setProfile] = useState<UserView | null>(null);
  useEffect(() => {
    let current = true;
    verifiedUser()
      .then((user) => current && setProfile(user))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return profile;
}
