import { safeDownloadName } from '@esign/shared';
import { type ApiOutcome, failureOf } from './http';

/** The PDF behind a short-lived document address, as bytes kept for viewing, printing and saving. */
export async function fetchDocument(url: string, signal?: AbortSignal): Promise<ApiOutcome<Blob>> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store', referrerPolicy: 'no-referrer', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, failure: { kind: 'network' } };
  }
  if (!response.ok) return { ok: false, failure: await failureOf(response) };
  const blob = await response.blob().catch((error: unknown) => {
    if (signal?.aborted) throw error;
    return null;
  });
  if (!blob) return { ok: false, failure: { kind: 'network' } };
  return { ok: true, value: new Blob([blob], { type: 'application/pdf' }) };
}

/**
 * The PDF, asking for a fresh address once if the one in hand was refused (they are short-lived);
 * `freshUrl` reloads the page data and gives its address, or null. `started` is a fetch of `url` already
 * under way.
 */
export async function fetchDocumentOrRenew(
  url: string,
  freshUrl: () => Promise<string | null>,
  signal?: AbortSignal,
  started?: Promise<ApiOutcome<Blob>>,
): Promise<ApiOutcome<Blob>> {
  const first = await (started ?? fetchDocument(url, signal));
  if (first.ok || first.failure.kind === 'network') return first;
  const renewed = await freshUrl();
  return renewed === null ? first : fetchDocument(renewed, signal);
}

/** Hands the bytes to the browser as a download under the given name. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = safeDownloadName(name, 'application/pdf');
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the address after the click handler returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
