import { type ApiErrorBody, ErrorCode } from '@esign/shared';
import { HttpError } from 'react-admin';
import { type FieldErrors } from './wizard/wizardState';

function errorBody(error: unknown): Partial<ApiErrorBody> | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const body: unknown = error.body;
  return typeof body === 'object' && body !== null ? body : undefined;
}

/** The API's error code, when the error is an API answer. */
export function apiErrorCode(error: unknown): ErrorCode | undefined {
  const code = errorBody(error)?.code;
  return typeof code === 'string' && (Object.values(ErrorCode) as string[]).includes(code) ? code : undefined;
}

/** The per-field translation keys of a 422, keyed by the field's path in the request body. */
export function serverFieldErrors(error: unknown): FieldErrors {
  const errors = errorBody(error)?.errors;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The wait a 429 asks for, in milliseconds. */
export function retryAfterMs(error: unknown): number | undefined {
  const retryAfter = errorBody(error)?.retryAfter;
  return typeof retryAfter === 'number' && retryAfter >= 0 ? retryAfter : undefined;
}

/** The message of a failed call: the API's own explanation when it gave a known code, else the fallback. */
export function errorMessageKey(error: unknown, fallback: string, explained: readonly ErrorCode[]): string {
  const code = apiErrorCode(error);
  return code && explained.includes(code) ? `errors.${code}` : fallback;
}

/** What a STORAGE_QUOTA_EXCEEDED answer says the member's documents take and may take, in bytes. */
export function storageQuotaOf(error: unknown): { usedBytes: number; limitBytes: number } | undefined {
  const body = errorBody(error);
  if (body?.code !== ErrorCode.STORAGE_QUOTA_EXCEEDED) return undefined;
  const { usedBytes, limitBytes } = body;
  return typeof usedBytes === 'number' && typeof limitBytes === 'number'
    ? { usedBytes, limitBytes }
    : undefined;
}
