/** What the signing address carries: `/sign/{signatureId}?key=...`. */
export interface SigningLink {
  signatureId: string | null;
  key: string | null;
}

/** The pages of the app: the signing page, the public verification page and the terms. */
export type AppRoute = 'sign' | 'verify' | 'terms';

// Identifiers are UUIDs or similar tokens; anything else cannot name a signature.
const SIGNATURE_ID = /^[A-Za-z0-9_-]{1,100}$/;

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function firstSegment(pathname: string, base: string): string {
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const rest = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : '';
  return rest.split('/')[0] ?? '';
}

export function parseRoute(pathname: string, base: string): AppRoute {
  const segment = firstSegment(pathname, base);
  return segment === 'verify' || segment === 'terms' ? segment : 'sign';
}

export function parseSigningLink(location: { pathname: string; search: string }, base: string): SigningLink {
  const segment = decode(firstSegment(location.pathname, base));
  const key = new URLSearchParams(location.search).get('key')?.trim();
  return {
    signatureId: segment && SIGNATURE_ID.test(segment) ? segment : null,
    key: key ? key : null,
  };
}
