import { type ApiErrorBody, ErrorCode, type UserView } from '@esign/shared';
import { currentIdToken } from './cognito';

export type SessionProblem = 'signedOut' | 'rejected' | 'disabled' | 'unavailable';

/** Why there is no usable session; `message` is a translation key. */
export class SessionError extends Error {
  constructor(readonly problem: SessionProblem) {
    super(sessionErrorMessage(problem));
    this.name = 'SessionError';
  }
}

function sessionErrorMessage(problem: SessionProblem): string {
  switch (problem) {
    case 'signedOut':
      return 'ra.auth.auth_check_error';
    case 'rejected':
      return 'app.auth.invalid_login';
    case 'disabled':
      return `errors.${ErrorCode.ACCOUNT_DISABLED}`;
    case 'unavailable':
      return 'app.errors.system';
  }
}

/**
 * react-admin checks the session on every navigation; the API re-checks the token on every
 * call anyway, so a verified user is reused for a short while instead of asking each time.
 */
const REVERIFY_AFTER_MS = 60_000;
let verified: { token: string; user: UserView; at: number } | null = null;
// At start-up react-admin asks for the session, the identity and the permissions at once: one call serves them all.
let pending: { token: string; user: Promise<UserView> } | null = null;

/**
 * Why the back office just ended a session (a translation key): said once on the sign-in page, in its form.
 * A toast would be lost: the back office's own notification area takes it, then leaves with the page.
 */
let sessionEndReason: string | null = null;

export function rememberSessionEnd(reasonKey: string): void {
  sessionEndReason = reasonKey;
}

/** The reason the last session ended, if the sign-in page has not shown it yet. */
export function sessionEndToTell(): string | null {
  return sessionEndReason;
}

export function sessionEndTold(): void {
  sessionEndReason = null;
}

export function forgetVerifiedUser(): void {
  verified = null;
  pending = null;
}

/** The signed-in user, as `POST /api/verify_token` describes them. */
export async function verifiedUser(): Promise<UserView> {
  const token = await currentIdToken();
  if (!token) {
    verified = null;
    throw new SessionError('signedOut');
  }
  if (verified?.token === token && Date.now() - verified.at < REVERIFY_AFTER_MS) {
    return verified.user;
  }
  return verifyOnce(token);
}

function verifyOnce(token: string): Promise<UserView> {
  if (pending?.token === token) return pending.user;
  const entry = { token, user: verifyToken(token) };
  pending = entry;
  return entry.user.then(
    (user) => {
      if (pending === entry) {
        verified = { token, user, at: Date.now() };
        pending = null;
      }
      return user;
    },
    (error: unknown) => {
      if (pending === entry) pending = null;
      throw error;
    },
  );
}

async function verifyToken(token: string): Promise<UserView> {
  let response: Response;
  try {
    response = await fetch('/api/verify_token', {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ api_token: token }),
    });
  } catch {
    throw new SessionError('unavailable');
  }
  if (response.ok) {
    return (await response.json()) as UserView;
  }
  throw new SessionError(await problemOf(response));
}

async function problemOf(response: Response): Promise<SessionProblem> {
  if (response.status === 401) return 'rejected';
  if (response.status === 403) {
    const body = (await response.json().catch(() => null)) as Partial<ApiErrorBody> | null;
    return body?.code === ErrorCode.ACCOUNT_DISABLED ? 'disabled' : 'rejected';
  }
  return 'unavailable';
}
