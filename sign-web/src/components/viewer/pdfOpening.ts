import { useEffect, useState } from 'react';
import { pdfjs } from 'react-pdf';
import { type PdfDocument } from './pdfDocument';

// No eval in the worker, so the Content-Security-Policy keeps 'unsafe-eval' out. PDF scripting is never
// enabled: no scripting manager is created, and forms are drawn but not interactive.
const PDF_OPTIONS = { isEvalSupported: false, enableXfa: false } as const;

interface Opening {
  blob: Blob;
  promise: Promise<PdfDocument>;
  close: () => void;
}

/** A document whose parsing started before the viewer was drawn, waiting for the viewer to take it. */
let prepared: Opening | null = null;

function open(blob: Blob): Opening {
  let task: ReturnType<typeof pdfjs.getDocument> | null = null;
  let closed = false;
  // The bytes are handed over to pdf.js's worker, not copied: the blob keeps its own for saving and hashing.
  const promise = blob.arrayBuffer().then((buffer) => {
    if (closed) throw new Error('The document was closed before it was opened');
    task = pdfjs.getDocument({ data: new Uint8Array(buffer), ...PDF_OPTIONS });
    return task.promise;
  });
  // Without an onPassword handler pdf.js rejects a password-protected file: it is reported as not displayable.
  return {
    blob,
    promise,
    close: () => {
      closed = true;
      void task?.destroy();
    },
  };
}

/**
 * Starts parsing `blob` and reading its first page in pdf.js's worker now, while the page around the viewer
 * is still being drawn; the viewer that shows this blob takes it over.
 */
export function preparePdf(blob: Blob): void {
  if (prepared?.blob === blob) return;
  prepared?.close();
  prepared = open(blob);
  prepared.promise
    .then((pdf) => pdf.getPage(1))
    .catch(() => {
      // Reported by the viewer that takes it (or closed meanwhile).
    });
}

export type PdfOpenState =
  { kind: 'loading' } | { kind: 'ready'; pdf: PdfDocument } | { kind: 'failed'; error: unknown };

/** `blob` opened with pdf.js (or the one prepared for it), closed when the viewer no longer shows it. */
export function usePdfDocument(blob: Blob): PdfOpenState {
  const [state, setState] = useState<{ blob: Blob; open: PdfOpenState } | null>(null);
  useEffect(() => {
    let opening: Opening;
    if (prepared?.blob === blob) {
      opening = prepared;
      prepared = null;
    } else {
      opening = open(blob);
    }
    let active = true;
    opening.promise.then(
      (pdf) => {
        if (active) setState({ blob, open: { kind: 'ready', pdf } });
      },
      (error: unknown) => {
        if (active) setState({ blob, open: { kind: 'failed', error } });
      },
    );
    return () => {
      active = false;
      opening.close();
    };
  }, [blob]);
  return state?.blob === blob ? state.open : { kind: 'loading' };
}
