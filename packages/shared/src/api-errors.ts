import { ErrorCode, type ApiErrorBody, type ErrorExtraFields, type ErrorExtras } from './errors';
import { isLocale } from './locales';

/** What a front end may rely on in an error answer's body, whatever the body turned out to be. */
export interface ApiErrorFields {
  /** A code of the error table, or null when the body names none (or one this build does not know). */
  code: ErrorCode | null;
  /** Per-field translation keys (422, and 409 on a duplicate e-mail). */
  errors: Record<string, string>;
  /** Milliseconds before the call may be repeated (429s): the body's, else the `Retry-After` header's. */
  retryAfterMs: number | null;
  /** STORAGE_QUOTA_EXCEEDED: what the member's documents take and may take, in bytes. */
  storage?: ErrorExtras[ErrorCode.STORAGE_QUOTA_EXCEEDED];
  /** REQUEST_DECLINED and REQUEST_EXPIRED: when the request closed (ISO), and its language. */
  closedAt?: ErrorExtraFields['closedAt'];
  language?: ErrorExtraFields['language'];
  /** OTP_INVALID: how many more tries the code allows (0: it can no longer be used). */
  attemptsLeft?: ErrorExtraFields['attemptsLeft'];
  /** OTP_EXPIRED: the latest code was used up by wrong tries, rather than expired or replaced. */
  usedUpByWrongCodes?: ErrorExtraFields['usedUpByWrongCodes'];
  /** REQUEST_DECLINED: the link's own signatory declined (true), or another signatory did. */
  declinedByYou?: ErrorExtraFields['declinedByYou'];
}

/** A body read under the names an error body declares (`ApiErrorBody`), each value still to be checked. */
type UncheckedErrorBody = { readonly [Field in keyof ApiErrorBody]?: unknown };

const ERROR_CODES = new Set<string>(Object.values(ErrorCode));

/** A JSON object (not null, not an array): what an API body must be before its fields are read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * Reads an error answer's body (parsed JSON, or anything else: a proxy's HTML page, nothing at all) into the
 * fields the interfaces use. One reading for both front ends, so a field is never trusted by one and not
 * the other.
 */
export function readApiError(body: unknown, retryAfterHeader?: string | null): ApiErrorFields {
  const fields: UncheckedErrorBody = isRecord(body) ? body : {};
  const code =
    typeof fields.code === 'string' && ERROR_CODES.has(fields.code) ? (fields.code as ErrorCode) : null;
  const errors = isRecord(fields.errors)
    ? Object.fromEntries(
        Object.entries(fields.errors).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
    : {};
  const headerSeconds = retryAfterHeader?.trim() ? Number(retryAfterHeader) : NaN;
  const retryAfterMs = isCount(fields.retryAfter)
    ? fields.retryAfter
    : isCount(headerSeconds)
      ? headerSeconds * 1000
      : null;
  return {
    code,
    errors,
    retryAfterMs,
    ...(code === ErrorCode.STORAGE_QUOTA_EXCEEDED && isCount(fields.usedBytes) && isCount(fields.limitBytes)
      ? { storage: { usedBytes: fields.usedBytes, limitBytes: fields.limitBytes } }
      : {}),
    ...(typeof fields.closedAt === 'string' ? { closedAt: fields.closedAt } : {}),
    ...(isLocale(fields.language) ? { language: fields.language } : {}),
    ...(code === ErrorCode.OTP_INVALID && isCount(fields.attemptsLeft)
      ? { attemptsLeft: fields.attemptsLeft }
      : {}),
    ...(code === ErrorCode.OTP_EXPIRED && fields.usedUpByWrongCodes === true
      ? { usedUpByWrongCodes: true }
      : {}),
    ...(code === ErrorCode.REQUEST_DECLINED && typeof fields.declinedByYou === 'boolean'
      ? { declinedByYou: fields.declinedByYou }
      : {}),
  };
}
