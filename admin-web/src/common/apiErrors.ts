import { type ApiErrorFields, type ErrorCode, readApiError } from '@esign/shared';
import { HttpError } from 'react-admin';
/** Per-field translation keys, keyed by the field's path in the request body. */
type FieldErrors = Record<string, string>;

/** The fields of an API answer's error body, when the error is one (the data provider's HttpError). */
function errorFields(error: unknown): ApiErrorFields | undefined {
  return error instanceof HttpError ? readApiError(error.body) : undefined;
}

/** The API's error code, when the error is an API answer. */
export function apiErrorCode(error: unknown): ErrorCode | undefined {
  return errorFields(error)?.code ?? undefined;
}

/** The per-field translation keys of a 422, keyed by the field's path in the request body. */
export function serverFieldErrors(error: unknown): FieldErrors {
  return errorFields(error)?.errors ?? {};
}

/** The wait a 429 asks for, in milliseconds. */
export function retryAfterMs(error: unknown): number | undefined {
  return errorFields(error)?.retryAfterMs ?? undefined;
}

/** The message of a failed call: the API's own explanation when it gave a known code, else the fallback. */
export function errorMessageKey(error: unknown, fallback: string, explained: readonly ErrorCode[]): string {
  const code = apiErrorCode(error);
  return code && explained.includes(code) ? `errors.${code}` : fallback;
}

/** What a STORAGE_QUOTA_EXCEEDED answer says the member's documents take and may take, in bytes. */
export function storageQuotaOf(error: unknown): { usedBytes: number; limitBytes: number } | undefined {
  return errorFields(error)?.storage;
}
