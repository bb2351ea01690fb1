import { type ErrorCode, type Locale, readApiError } from '@esign/shared';

export const API_URL = '/api';

/** Why a call did not give what was asked: no answer at all, or an answer with an error status. */
export type ApiFailure =
  | { kind: 'network' }
  | {
      kind: 'http';
      status: number;
      code: ErrorCode | null;
      /** Milliseconds before the call may be repeated (429s). */
      retryAfter: number | null;
      /** Per-field translation keys (422). */
      errors: Record<string, string>;
      /** When a declined or expired request closed (410), ISO. */
      closedAt?: string;
      /** The language of a declined or expired request (410). */
      language?: Locale;
      /** A wrong code: how many more tries it allows. */
      attemptsLeft?: number;
      /** No usable code because wrong tries used the latest one up. */
      usedUpByWrongCodes?: boolean;
      /** A declined request (410): whether this link's signatory declined it. */
      declinedByYou?: boolean;
    };

export type ApiOutcome<T> = { ok: true; value: T } | { ok: false; failure: ApiFailure };

/** Reads an error answer; the body may be anything, including nothing. */
export async function failureOf(response: Response): Promise<ApiFailure> {
  const parsed: unknown = await response.json().catch(() => null);
  const { code, errors, retryAfterMs, closedAt, language, attemptsLeft, usedUpByWrongCodes, declinedByYou } =
    readApiError(parsed, response.headers.get('Retry-After'));
  return {
    kind: 'http',
    status: response.status,
    code,
    retryAfter: retryAfterMs,
    errors,
    ...(closedAt !== undefined ? { closedAt } : {}),
    ...(language !== undefined ? { language } : {}),
    ...(attemptsLeft !== undefined ? { attemptsLeft } : {}),
    ...(usedUpByWrongCodes ? { usedUpByWrongCodes } : {}),
    ...(declinedByYou !== undefined ? { declinedByYou } : {}),
  };
}

/**
 * Calls the API and checks the answer's shape. A body that is not what the contract says counts as a
 * server error (500), never as data.
 */
export async function callApi<T>(
  url: string,
  init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> },
  isValue: (value: unknown) => value is T,
): Promise<ApiOutcome<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      cache: 'no-store',
      credentials: 'same-origin',
      referrerPolicy: 'no-referrer',
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    return { ok: false, failure: { kind: 'network' } };
  }
  if (!response.ok) return { ok: false, failure: await failureOf(response) };
  const body: unknown = await response.json().catch(() => undefined);
  if (isValue(body)) return { ok: true, value: body };
  return { ok: false, failure: { kind: 'http', status: 500, code: null, retryAfter: null, errors: {} } };
}
