import { QUALIFIED_FAILURES } from '@esign/shared';

/** How a round trip to the qualified provider ended, as the server's redirect says (`?qualified=`). */
export const QUALIFIED_OUTCOMES = ['signed', ...QUALIFIED_FAILURES] as const;
export type QualifiedOutcome = (typeof QUALIFIED_OUTCOMES)[number];

const STORAGE_PREFIX = 'esign.qualified.';

/**
 * Keeps the link's key in this tab while the signatory is at the provider: the way back carries only the
 * request's id (the key is a secret the provider need not see), and the page puts the key back on return.
 */
export function rememberLinkForProvider(storage: Storage, signatureId: string, key: string): void {
  try {
    storage.setItem(`${STORAGE_PREFIX}${signatureId}`, key);
  } catch {
    // Storage refused (private mode): the return page asks to open the e-mailed link again.
  }
}

/** Only the provider's own page, over http(s): never a script or data address from an answer. */
export function providerAddress(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

export interface QualifiedReturn {
  outcome: QualifiedOutcome;
  /** The address to show instead, with the link's key put back; null when this tab does not hold it. */
  restored: string | null;
}

/**
 * On `/sign/{id}?qualified=…`: the outcome, and the signing address with the key this tab kept. The key is
 * forgotten once used, and the outcome leaves the address, so a reload does not say it again.
 */
export function readQualifiedReturn(
  location: { pathname: string; search: string },
  base: string,
  storage: Storage,
): QualifiedReturn | null {
  const params = new URLSearchParams(location.search);
  const outcome = params.get('qualified');
  if (!outcome || !(QUALIFIED_OUTCOMES as readonly string[]).includes(outcome)) return null;
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const rest = location.pathname.startsWith(prefix) ? location.pathname.slice(prefix.length) : '';
  const signatureId = /^[A-Za-z0-9_-]{1,100}$/.test(rest.split('/')[0] ?? '') ? rest.split('/')[0] : '';
  let key: string | null = null;
  if (signatureId) {
    try {
      key = storage.getItem(`${STORAGE_PREFIX}${signatureId}`);
      storage.removeItem(`${STORAGE_PREFIX}${signatureId}`);
    } catch {
      key = null;
    }
  }
  return {
    outcome: outcome as QualifiedOutcome,
    restored:
      signatureId && key ? `${prefix}${signatureId}?${new URLSearchParams({ key }).toString()}` : null,
  };
}

let taken: QualifiedReturn | null | undefined;

/**
 * Read once, first thing in the page's life (before the early loads, which need the key): puts the key back
 * in the address bar without a reload, and keeps the outcome for the page to say.
 */
export function takeQualifiedReturn(base: string): QualifiedReturn | null {
  if (taken !== undefined) return taken;
  taken = null;
  try {
    taken = readQualifiedReturn(window.location, base, window.sessionStorage);
  } catch {
    taken = null;
  }
  if (taken?.restored) window.history.replaceState(null, '', taken.restored);
  return taken;
}
