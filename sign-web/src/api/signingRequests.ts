import { type SigningRequestResult, type SigningRequestView } from './types';

export const API_URL = '/api';

function isSigningRequestView(value: unknown): value is SigningRequestView {
  if (typeof value !== 'object' || value === null) return false;
  const view = value as Partial<SigningRequestView>;
  return typeof view.signatureTitle === 'string' && typeof view.documentName === 'string';
}

/**
 * Fetches what the signatory may see. The key goes to this API only: never into logs,
 * error reports or other requests, and the page's referrer policy keeps it out of Referer headers.
 */
export async function fetchSigningRequest(
  signatureId: string,
  key: string,
  signal?: AbortSignal,
): Promise<SigningRequestResult> {
  const url = `${API_URL}/signatures/${encodeURIComponent(signatureId)}?${new URLSearchParams({ key }).toString()}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
      credentials: 'same-origin',
      referrerPolicy: 'no-referrer',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'failed' };
  }
  if (response.status === 404 || response.status === 410) {
    return { kind: 'nothingToSign' };
  }
  if (!response.ok) {
    return { kind: 'failed' };
  }
  const body: unknown = await response.json().catch(() => null);
  return isSigningRequestView(body) ? { kind: 'found', request: body } : { kind: 'failed' };
}
