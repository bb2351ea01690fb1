import { type Locale } from '@esign/shared';
import { type ApiOutcome } from './api/http';
import { fetchDocument } from './api/documents';
import { fetchSigningRequest } from './api/signingRequests';
import { type SigningRequestResult } from './api/types';
import { parseRoute, parseSigningLink, type SigningLink } from './signingLink';

/**
 * What the signing page needs before it can paint the document's first page, started together as soon as
 * the app's script runs rather than one after the other: the signing data, the document's bytes (its
 * address follows from the link), the viewer's code and pdf.js's worker. Each is taken once, by the first
 * render that needs it; later loads (a retry, the sealed document after signing) fetch afresh.
 *
 * The document is asked for before the page knows the request's state: a closed request answers with an
 * error and nothing is shown; an open one records the delivery as it always does, when the bytes are sent.
 */
interface EarlyLoads {
  link: SigningLink;
  signing: Promise<SigningRequestResult> | null;
  /** Taken once by the page; still there for the viewer, which starts parsing the bytes on arrival. */
  document: { path: string; outcome: Promise<ApiOutcome<Blob>>; taken: boolean };
  worker: Worker | null;
}

let early: EarlyLoads | null = null;

/** Where a signing link's document is served (as the signing data's `documentUrl` says). */
export function signingDocumentPath(signatureId: string, key: string): string {
  return `/api/signatures/${encodeURIComponent(signatureId)}/document?key=${encodeURIComponent(key)}`;
}

function startPdfWorker(): Worker | null {
  try {
    // A variable, not `new Worker(new URL(...))`: the worker stays pdf.js's own file, not a rebundled copy.
    const url = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url);
    return new Worker(url, { type: 'module' });
  } catch {
    // No module workers here: the viewer starts its own from the same file.
    return null;
  }
}

/**
 * Starts the loads for a signing address; anything else (verification, terms) needs none of them. True when
 * it started them: the caller then fetches the viewer's code too (imported there, as the viewer imports this).
 */
export function startEarlyLoads(location: Location, base: string): boolean {
  if (early || parseRoute(location.pathname, base) !== 'sign') return false;
  const link = parseSigningLink(location, base);
  if (!link.signatureId || !link.key) return false;
  const path = signingDocumentPath(link.signatureId, link.key);
  early = {
    link,
    signing: fetchSigningRequest(link.signatureId, link.key),
    document: { path, outcome: fetchDocument(path), taken: false },
    worker: startPdfWorker(),
  };
  return true;
}

/** The signing data fetched at start for this link, once. */
export function takeEarlySigningRequest(link: SigningLink): Promise<SigningRequestResult> | null {
  if (!early?.signing || early.link.signatureId !== link.signatureId || early.link.key !== link.key) {
    return null;
  }
  const { signing } = early;
  early.signing = null;
  return signing;
}

/** The language the signing data suggests (the signatory's), once it has arrived; null without early loads. */
export function earlySuggestedLanguage(): Promise<Locale | null> | null {
  const signing = early?.signing;
  if (!signing) return null;
  return signing.then(
    (result) =>
      result.kind === 'found'
        ? result.request.language
        : result.kind === 'declined' || result.kind === 'expired'
          ? result.language
          : null,
    () => null,
  );
}

/** The document fetched at start, once, if `url` is the address it was fetched from. */
export function takeEarlyDocument(url: string): Promise<ApiOutcome<Blob>> | null {
  if (!early || early.document.taken || early.document.path !== url) return null;
  early.document.taken = true;
  return early.document.outcome;
}

/** The document fetched at start, whether or not the page has taken it yet; null if none was started. */
export function earlyDocumentOutcome(): Promise<ApiOutcome<Blob>> | null {
  return early?.document.outcome ?? null;
}

/** pdf.js's worker, started at once; the viewer hands it to pdf.js. */
export function takeEarlyPdfWorker(): Worker | null {
  const worker = early?.worker ?? null;
  if (early) early.worker = null;
  return worker;
}

/** For tests: forget what was started. */
export function resetEarlyLoads(): void {
  early = null;
}
