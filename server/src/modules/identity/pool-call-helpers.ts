import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PASSWORD_MAX, PASSWORD_MIN } from '@esign/shared';
import { PoolCallError, type PoolUser } from './embedded-user-pool';

export type Body = Record<string, unknown>;

/** A Cognito error answer, as the browser library reads it (`__type` becomes the error's `code`). */
export function refuse(type: string, message: string, status = 400): PoolCallError {
  return new PoolCallError(type, message, status);
}

export const wrongCredentials = () => refuse('NotAuthorizedException', 'Incorrect username or password.');
export const passwordPolicy = () =>
  refuse(
    'InvalidPasswordException',
    `Password does not conform to policy: ${PASSWORD_MIN} to ${PASSWORD_MAX} characters with lower case, upper case and digits`,
  );

export function text(body: Body, key: string): string {
  const value = body[key];
  return typeof value === 'string' ? value : '';
}

export function record(body: Body, key: string): Body {
  const value = body[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Body) : {};
}

/** The longest name an account can have: an e-mail address (RFC 5321), or a pool user id (36). */
const MAX_NAME_LENGTH = 254;

/**
 * The account name a call carries (e-mail or pool user id), trimmed; longer than any account's is refused, so
 * that the rows and jobs a name leads to stay small.
 */
export function accountName(body: Body, key: string): string {
  const name = text(body, key).trim();
  if (name.length > MAX_NAME_LENGTH) throw refuse('InvalidParameterException', `${key} is too long`);
  return name;
}

export function emailOf(user: PoolUser): string {
  return user.Attributes.find((a) => a.Name === 'email')?.Value?.toLowerCase() ?? user.Username;
}

/**
 * The pool refusing the stored hash the gateway just checked against: the password changed in between (another
 * change or reset), so the one given is no longer the account's.
 */
export function passwordChangedMeanwhile(error: unknown): boolean {
  return error instanceof PoolCallError && error.type === 'InvalidPasswordException';
}

/** `a•••@e•••.lu`: where the code went, without handing out the address. */
export function maskedEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}

const CHALLENGE_LIFETIME_MS = 3 * 60_000;

/**
 * The sessions of new-password challenges, made here rather than by the pool library (which accepts any
 * session): an HMAC over the user name and an expiry, with a key that lives as long as the process.
 */
export class ChallengeSessions {
  private readonly sessionKey = randomBytes(32);

  issue(user: PoolUser): string {
    const payload = Buffer.from(
      JSON.stringify({ u: user.Username, exp: Date.now() + CHALLENGE_LIFETIME_MS }),
    ).toString('base64url');
    const mac = createHmac('sha256', this.sessionKey).update(payload).digest('base64url');
    return `${payload}.${mac}`;
  }

  /** The user a session was issued for, or null when it is forged, altered or expired. */
  userOf(session: string): string | null {
    const [payload = '', mac = ''] = session.split('.');
    const expected = createHmac('sha256', this.sessionKey).update(payload).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const { u, exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        u?: unknown;
        exp?: unknown;
      };
      return typeof u === 'string' && typeof exp === 'number' && exp > Date.now() ? u : null;
    } catch {
      return null;
    }
  }
}
