import { ErrorCode, type UserView, hasAdminRights } from '@esign/shared';
import { type AuthProvider, HttpError } from 'react-admin';
import { canAccess, displayName } from './canAccess';
import { type SignInOutcome, completeNewPasswordChallenge, signIn, signOut } from './cognito';
import { SessionError, forgetVerifiedUser, rememberSessionEnd, verifiedUser } from './session';
import { type SignInStep, identityErrorKey } from './signInErrors';

export const SIGN_IN_PATH = '/auth/login';
export const AFTER_SIGN_IN_PATH = '/dashboard';
export const NEW_PASSWORD_CHALLENGE_PATH = '/challenges/new_password_required';
export const CONSENT_PATH = '/init/gdpr';

/** Admins and group members enter without consenting; everybody else consents first. */
export function needsConsent(user: Pick<UserView, 'groups' | 'role' | 'gdprApprovedAt'>): boolean {
  return !hasAdminRights(user) && !user.gdprApprovedAt;
}

export interface SignInCredentials {
  email: string;
  password: string;
}

/** What react-admin should do after a sign-in step, in the shape `useLogin` understands. */
interface Redirect {
  redirectTo: string;
}

/** A sign-in failure whose message is a translation key. */
export class SignInError extends Error {
  constructor(messageKey: string) {
    super(messageKey);
    this.name = 'SignInError';
  }
}

/** Signing in means both the identity provider and our API accept the person. */
async function finishSignIn(outcome: SignInOutcome): Promise<Redirect> {
  if (outcome.kind === 'newPasswordRequired') {
    return { redirectTo: NEW_PASSWORD_CHALLENGE_PATH };
  }
  forgetVerifiedUser();
  let user: UserView;
  try {
    user = await verifiedUser();
  } catch (error) {
    await signOut();
    throw error;
  }
  return { redirectTo: needsConsent(user) ? CONSENT_PATH : AFTER_SIGN_IN_PATH };
}

async function withSignInErrors(step: SignInStep, run: () => Promise<SignInOutcome>): Promise<Redirect> {
  try {
    return await finishSignIn(await run());
  } catch (error) {
    throw new SignInError(identityErrorKey(error, step));
  }
}

export function signInWithPassword({ email, password }: SignInCredentials): Promise<Redirect> {
  return withSignInErrors('password', () => signIn(email, password));
}

export function answerNewPasswordChallenge(newPassword: string): Promise<Redirect> {
  return withSignInErrors('newPassword', () => completeNewPasswordChallenge(newPassword));
}

/**
 * react-admin reads `redirectTo` from a rejected check and skips its notification when
 * `message` is false, which an Error's typed `message` cannot express.
 */
function authRejection(redirectTo: string, message: string | false, logoutUser = true): Error {
  return Object.assign(new Error(), { redirectTo, message, logoutUser });
}

function isSignInCredentials(value: unknown): value is SignInCredentials {
  const { email, password } = (value ?? {}) as Partial<SignInCredentials>;
  return typeof email === 'string' && typeof password === 'string';
}

export const authProvider: AuthProvider = {
  login: (params: unknown) => {
    if (!isSignInCredentials(params)) {
      return Promise.reject(new SignInError('app.auth.invalid_login'));
    }
    return signInWithPassword(params);
  },

  logout: async () => {
    forgetVerifiedUser();
    await signOut();
    return SIGN_IN_PATH;
  },

  checkAuth: async () => {
    try {
      await verifiedUser();
    } catch (error) {
      const problem = error instanceof SessionError ? error.problem : 'unavailable';
      // A session the API refuses (revoked, deactivated account) is ended, so the sign-in page starts afresh.
      if (problem === 'rejected' || problem === 'disabled') await signOut();
      // A first visit without any session goes to the sign-in page without a warning; the sign-in page says
      // why any other session ended.
      if (problem !== 'signedOut') rememberSessionEnd(identityErrorKey(error, 'password'));
      throw authRejection(SIGN_IN_PATH, false);
    }
  },

  checkError: (error: unknown) => {
    if (!(error instanceof HttpError)) return Promise.resolve();
    const status: unknown = error.status;
    const code: unknown = (error.body as { code?: unknown } | undefined)?.code;
    if (status === 401) {
      forgetVerifiedUser();
      rememberSessionEnd('ra.notification.logged_out');
      return Promise.reject(authRejection(SIGN_IN_PATH, false));
    }
    // The API refuses a deactivated account on every call; staying signed in would only show errors.
    if (status === 403 && code === ErrorCode.ACCOUNT_DISABLED) {
      forgetVerifiedUser();
      rememberSessionEnd(`errors.${ErrorCode.ACCOUNT_DISABLED}`);
      return Promise.reject(authRejection(SIGN_IN_PATH, false));
    }
    return Promise.resolve();
  },

  getIdentity: async () => {
    const user = await verifiedUser();
    return {
      id: user.id,
      fullName: displayName(user),
      email: user.email,
      needsConsent: needsConsent(user),
      isAdmin: hasAdminRights(user),
      ...(user.thumbnailUrl ? { avatar: user.thumbnailUrl } : {}),
    };
  },

  getPermissions: async () => {
    const user = await verifiedUser().catch(() => null);
    return user ? { groups: user.groups, role: user.role } : null;
  },

  canAccess: async ({ resource }) => canAccess(await verifiedUser().catch(() => null), resource),
};
