import { InvalidObjectKeyError } from './storage-errors';

/** Pre-signed downloads live at most this long (security T8), whatever the caller asks for. */
export const MAX_DOWNLOAD_URL_SECONDS = 300;

const MAX_KEY_LENGTH = 512;
// A segment never starts with a dot: that rules out `.` and `..`, hidden files, and the
// filesystem adapter's own `.incoming` directory for partial writes.
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
// RFC 6838 type/subtype, without parameters: the value ends up verbatim in a response header.
const CONTENT_TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

export function assertValidObjectKey(key: string): void {
  if (key.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(key) || key.includes('..')) {
    throw new InvalidObjectKeyError(key);
  }
}

export function assertValidContentType(contentType: string): void {
  if (!CONTENT_TYPE_PATTERN.test(contentType)) {
    throw new RangeError(`Invalid content type: ${JSON.stringify(contentType.slice(0, 100))}`);
  }
}

export function assertPositiveInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new RangeError(`${name} must be a positive integer, got ${value}`);
  }
}

export function downloadLifetimeSeconds(requested: number): number {
  assertPositiveInteger('expiresInSeconds', requested);
  return Math.min(requested, MAX_DOWNLOAD_URL_SECONDS);
}
