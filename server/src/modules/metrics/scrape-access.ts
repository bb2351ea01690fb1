import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether an `Authorization` header carries `Bearer <token>` for the expected token. Both sides are hashed
 * first, so the comparison takes the same time whatever the length or the first wrong character of what was
 * sent; neither the header nor the token is ever logged.
 */
export function scrapeAuthorized(expectedToken: string, authorization: string | undefined): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const given = match?.[1] ?? '';
  const same = timingSafeEqual(digest(given), digest(expectedToken));
  return same && match !== null;
}
