import type {
  CognitoUser,
  CognitoUserPool,
  CognitoUserSession,
  IAuthenticationCallback,
} from 'amazon-cognito-identity-js';
import { loadPublicConfig } from './config';

/**
 * The identity provider's client library, fetched when first needed: a visitor without a session sees the
 * sign-in page without it, and gets it when signing in.
 */
let libraryPromise: Promise<typeof import('amazon-cognito-identity-js')> | null = null;
function library(): Promise<typeof import('amazon-cognito-identity-js')> {
  libraryPromise ??= import('amazon-cognito-identity-js');
  libraryPromise.catch(() => {
    libraryPromise = null;
  });
  return libraryPromise;
}

/**
 * Whether a session may be stored: the library keeps the last user of each app client in localStorage
 * (`CognitoIdentityServiceProvider.<client>.LastAuthUser`). Without such a key, and before the library was
 * loaded (it may keep a session in memory when localStorage is unavailable), nobody is signed in.
 */
function mayHaveSession(): boolean {
  if (libraryPromise) return true;
  try {
    for (let index = 0; index < window.localStorage.length; index += 1) {
      const key = window.localStorage.key(index) ?? '';
      if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser')) return true;
    }
    return false;
  } catch {
    return true;
  }
}

/** An error from the identity provider, with its code (e.g. `NotAuthorizedException`). */
export class IdentityError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'IdentityError';
  }
}

export type SignInOutcome = { kind: 'signedIn'; idToken: string } | { kind: 'newPasswordRequired' };

let poolPromise: Promise<CognitoUserPool> | null = null;
/**
 * The user waiting for a NEW_PASSWORD_REQUIRED answer. The challenge session lives only in
 * this object, so it cannot survive a page reload: the user then signs in again.
 */
let challengedUser: CognitoUser | null = null;

function userPool(): Promise<CognitoUserPool> {
  poolPromise ??= Promise.all([loadPublicConfig(), library()]).then(
    ([{ cognito }, { CognitoUserPool }]) =>
      new CognitoUserPool({
        UserPoolId: cognito.userPoolId,
        ClientId: cognito.clientId,
        // The embedded pool's API is a path (`/cognito`), called on the origin this page came from, whatever
        // address that is, and so within the page's `connect-src 'self'`.
        ...(cognito.endpoint ? { endpoint: new URL(cognito.endpoint, window.location.origin).href } : {}),
      }),
  );
  poolPromise.catch(() => {
    poolPromise = null;
  });
  return poolPromise;
}

async function cognitoUser(email: string): Promise<CognitoUser> {
  const { CognitoUser } = await library();
  const user = new CognitoUser({ Username: email.trim(), Pool: await userPool() });
  // The embedded user pool does not implement SRP; Cognito accepts this flow when the app client allows it.
  user.setAuthenticationFlowType('USER_PASSWORD_AUTH');
  return user;
}

function toIdentityError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  if (typeof error === 'object' && error !== null) {
    const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
    const errorCode = typeof code === 'string' ? code : typeof name === 'string' ? name : 'UnknownError';
    return new IdentityError(errorCode, typeof message === 'string' ? message : errorCode);
  }
  return new IdentityError('UnknownError', String(error));
}

function authenticationCallbacks(
  user: CognitoUser,
  resolve: (outcome: SignInOutcome) => void,
  reject: (error: IdentityError) => void,
): IAuthenticationCallback {
  const unsupported = (challenge: string) => () => {
    // Only NEW_PASSWORD_REQUIRED is handled; any other challenge ends the attempt.
    console.error(`Sign-in aborted: unsupported challenge ${challenge}`);
    reject(new IdentityError('UnsupportedChallenge', challenge));
  };
  return {
    onSuccess: (session: CognitoUserSession) => {
      challengedUser = null;
      resolve({ kind: 'signedIn', idToken: session.getIdToken().getJwtToken() });
    },
    onFailure: (error: unknown) => reject(toIdentityError(error)),
    newPasswordRequired: () => {
      challengedUser = user;
      resolve({ kind: 'newPasswordRequired' });
    },
    mfaRequired: unsupported('SMS_MFA'),
    totpRequired: unsupported('SOFTWARE_TOKEN_MFA'),
    customChallenge: unsupported('CUSTOM_CHALLENGE'),
    mfaSetup: unsupported('MFA_SETUP'),
    selectMFAType: unsupported('SELECT_MFA_TYPE'),
  };
}

export async function signIn(email: string, password: string): Promise<SignInOutcome> {
  const user = await cognitoUser(email);
  const { AuthenticationDetails } = await library();
  const details = new AuthenticationDetails({ Username: email.trim(), Password: password });
  return new Promise((resolve, reject) => {
    user.authenticateUser(details, authenticationCallbacks(user, resolve, reject));
  });
}

export function hasPendingNewPasswordChallenge(): boolean {
  return challengedUser !== null;
}

/** Answers NEW_PASSWORD_REQUIRED; on success the user is signed in with the new password. */
export function completeNewPasswordChallenge(newPassword: string): Promise<SignInOutcome> {
  const user = challengedUser;
  if (!user) {
    return Promise.reject(
      new IdentityError('NoPendingChallenge', 'No sign-in is waiting for a new password'),
    );
  }
  return new Promise((resolve, reject) => {
    user.completeNewPasswordChallenge(newPassword, {}, authenticationCallbacks(user, resolve, reject));
  });
}

/** Step 1 of the forgotten-password flow: the provider e-mails a reset code. */
export async function requestPasswordReset(email: string): Promise<void> {
  const user = await cognitoUser(email);
  return new Promise((resolve, reject) => {
    user.forgotPassword({
      onSuccess: () => resolve(),
      onFailure: (error) => reject(toIdentityError(error)),
    });
  });
}

/** Step 2: the code from the e-mail and the new password. */
export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  const user = await cognitoUser(email);
  return new Promise((resolve, reject) => {
    user.confirmPassword(code.trim(), newPassword, {
      onSuccess: () => resolve(),
      onFailure: (error) => reject(toIdentityError(error)),
    });
  });
}

/**
 * The ID token of the stored session (the library keeps it in localStorage), refreshed with
 * the refresh token when it has expired; null when nobody is signed in.
 */
export async function currentIdToken(): Promise<string | null> {
  if (!mayHaveSession()) return null;
  const user = (await userPool()).getCurrentUser();
  if (!user) return null;
  return new Promise((resolve) => {
    user.getSession((error: Error | null, session: CognitoUserSession | null) => {
      resolve(error || !session?.isValid() ? null : session.getIdToken().getJwtToken());
    });
  });
}

/** Changes the signed-in user's password; the current one proves it is really them. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const user = (await userPool()).getCurrentUser();
  if (!user) throw new IdentityError('NotAuthorizedException', 'Nobody is signed in');
  await new Promise<void>((resolve, reject) => {
    // The library needs the session loaded on the user object before it can call the provider.
    user.getSession((error: Error | null) => {
      if (error) {
        reject(toIdentityError(error));
        return;
      }
      user.changePassword(currentPassword, newPassword, (failure) => {
        if (failure) reject(toIdentityError(failure));
        else resolve();
      });
    });
  });
}

const REVOKE_TIMEOUT_MS = 3000;

/** Revokes the refresh token when the provider allows it, and always clears the stored session. */
export async function signOut(): Promise<void> {
  challengedUser = null;
  if (!mayHaveSession()) return;
  const user = (await userPool().catch(() => null))?.getCurrentUser();
  if (!user) return;
  const revoked = new Promise<void>((resolve) => {
    user.signOut(() => resolve());
  });
  await Promise.race([revoked, new Promise((resolve) => setTimeout(resolve, REVOKE_TIMEOUT_MS))]);
  user.signOut();
}
