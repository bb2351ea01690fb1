import jwt from 'jsonwebtoken';
import { hashPassword, isPasswordHash } from './password-hash';

/** Refresh tokens kept per user (sessions on as many devices); the oldest go first. */
export const MAX_REFRESH_TOKENS = 10;

/** Where each call of the Cognito API carries a password to be stored. */
const NEW_PASSWORDS: Record<string, string[][]> = {
  AdminCreateUser: [['TemporaryPassword']],
  AdminSetUserPassword: [['Password']],
  SignUp: [['Password']],
  ConfirmForgotPassword: [['Password']],
  ChangePassword: [['ProposedPassword']],
  RespondToAuthChallenge: [['ChallengeResponses', 'NEW_PASSWORD']],
  AdminRespondToAuthChallenge: [['ChallengeResponses', 'NEW_PASSWORD']],
};

/**
 * The call's body with every password it would store replaced by its hash, so the library stores and later
 * compares hashes only. Done before the call takes its turn: hashing takes tens of milliseconds.
 */
export async function withHashedPasswords(target: string, body: unknown): Promise<unknown> {
  const paths = NEW_PASSWORDS[target];
  if (!paths || body === null || typeof body !== 'object') return body;
  const copy = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
  for (const path of paths) {
    let holder: Record<string, unknown> | undefined = copy;
    for (const part of path.slice(0, -1)) {
      const next: unknown = holder?.[part];
      holder = next !== null && typeof next === 'object' ? (next as Record<string, unknown>) : undefined;
    }
    const last = path[path.length - 1] ?? '';
    const value = holder?.[last];
    if (holder && typeof value === 'string' && value !== '' && !isPasswordHash(value)) {
      holder[last] = await hashPassword(value);
    }
  }
  return copy;
}

function unexpired(token: unknown, nowSeconds: number): boolean {
  const claims = typeof token === 'string' ? (jwt.decode(token) as jwt.JwtPayload | null) : null;
  return typeof claims?.exp === 'number' && claims.exp > nowSeconds;
}

/**
 * What the pool's store accepts for a user: a password only as a hash (a clear one reaching the store is a
 * bug, refused rather than written), and the refresh tokens still valid, the newest MAX_REFRESH_TOKENS of them
 * (the library only ever adds to the list).
 */
export function storedUserRule(key: string[], value: unknown): unknown {
  if (key[0] !== 'Users' || key.length !== 2 || value === null || typeof value !== 'object') return value;
  const user = value as { Password?: unknown; RefreshTokens?: unknown };
  if (user.Password !== undefined && !isPasswordHash(user.Password)) {
    throw new Error('A password reached the user store without being hashed');
  }
  if (!Array.isArray(user.RefreshTokens)) return value;
  const now = Math.floor(Date.now() / 1000);
  const kept = (user.RefreshTokens as unknown[])
    .filter((token) => unexpired(token, now))
    .slice(-MAX_REFRESH_TOKENS);
  return { ...user, RefreshTokens: kept };
}
