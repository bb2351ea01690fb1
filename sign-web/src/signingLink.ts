/** What the signing address carries: `/sign/{signatureId}?key=...`. */
export interface SigningLink {
  signatureId: string | null;
  key: string | null;
}

// Identifiers are UUIDs or similar tokens; anything else cannot name a signature.
const SIGNATURE_ID = /^[A-Za-z0-9_-]{1,100}$/;

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function parseSigningLink(location: { pathname: string; search: string }, base: string): SigningLink {
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const rest = location.pathname.startsWith(prefix) ? location.pathname.slice(prefix.length) : '';
  const segment = decode(rest.split('/')[0] ?? '');
  const key = new URLSearchParams(location.search).get('key')?.trim();
  return {
    signatureId: segment && SIGNATURE_ID.test(segment) ? segment : null,
    key: key ? key : null,
  };
}
