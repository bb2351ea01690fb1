import 'react-pdf/dist/Page/TextLayer.css';
import './viewer.css';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { pdfjs } from 'react-pdf';
import { earlyDocumentOutcome, takeEarlyPdfWorker } from '../../earlyLoads';
import { sha256Hex } from '../../signing/sha256';
import { preparePdf } from './pdfOpening';
import { type PdfViewerProps } from './types';
import { usePdfBlob } from './usePdfBlob';
import { ViewerLoadingCard, ViewerUnavailable } from './ViewerStatus';
import { ViewerShell } from './ViewerShell';

// Set here, in the chunk that renders react-pdf, so its own default cannot override it (react-pdf README).
// The worker started with the page, if any, is already loading pdf.js's worker code; else one from the file.
const earlyWorker = takeEarlyPdfWorker();
if (earlyWorker) pdfjs.GlobalWorkerOptions.workerPort = earlyWorker;
else {
  pdfjs.GlobalWorkerOptions.workerSrc = new URL(
    'pdfjs-dist/build/pdf.worker.min.mjs',
    import.meta.url,
  ).toString();
}

// The document fetched with the page goes to pdf.js's worker as soon as both are here, while the app is
// still drawing the page around the viewer; the viewer takes over the parsed document.
earlyDocumentOutcome()?.then(
  (outcome) => {
    if (outcome.ok) preparePdf(outcome.value);
  },
  () => {
    // Reported by the viewer's own load.
  },
);

const FIRST_PAINT_MARK = 'esign:first-page-painted';

/**
 * The document viewer; its own chunk, loaded with the signing page's document. It says
 * the document is displayed only once its first page is painted, with the SHA-256 of the very bytes it
 * rendered; a failure anywhere (fetch, parse, first page) is reported as such.
 */
export default function PdfViewer({ documentUrl, documentName, freshDocumentUrl, onStatus }: PdfViewerProps) {
  const { state, retry } = usePdfBlob(documentUrl, freshDocumentUrl);
  const blob = state.kind === 'ready' ? state.blob : null;
  const [hash, setHash] = useState<{ blob: Blob; sha256: string } | null>(null);
  const [painted, setPainted] = useState<{ blob: Blob; pageCount: number; at: string } | null>(null);
  const [failed, setFailed] = useState<Blob | null>(null);
  const report = useRef(onStatus);
  useLayoutEffect(() => {
    report.current = onStatus;
  }, [onStatus]);

  // Hashed once the first page is painted: the digest is needed for the display report, not for the page,
  // and on a small CPU it would otherwise compete with pdf.js for the first paint.
  const paintedBlob = painted?.blob ?? null;
  useEffect(() => {
    if (!blob || paintedBlob !== blob) return;
    let cancelled = false;
    blob
      .arrayBuffer()
      .then(sha256Hex)
      .then(
        (sha256) => {
          if (!cancelled) setHash({ blob, sha256 });
        },
        () => {
          if (!cancelled) setFailed(blob);
        },
      );
    return () => {
      cancelled = true;
    };
  }, [blob, paintedBlob]);

  const onFirstPagePainted = useCallback(
    (pageCount: number) => {
      if (!blob) return;
      // A User Timing mark: how long a signatory waits for the document, measured where it happens.
      if (performance.getEntriesByName(FIRST_PAINT_MARK).length === 0) performance.mark(FIRST_PAINT_MARK);
      setPainted((current) =>
        current?.blob === blob ? current : { blob, pageCount, at: new Date().toISOString() },
      );
    },
    [blob],
  );
  const onDisplayFailed = useCallback(() => {
    if (blob) setFailed(blob);
  }, [blob]);

  const status =
    state.kind === 'failed' || (blob !== null && failed === blob)
      ? 'failed'
      : blob && hash?.blob === blob && painted?.blob === blob
        ? 'displayed'
        : 'loading';
  // Reported before the browser paints, so the page around the viewer changes in the same frame: a failure
  // shown here is never painted beside a Sign button.
  useLayoutEffect(() => {
    if (status === 'displayed' && hash && painted) {
      report.current?.({
        kind: 'displayed',
        display: { documentSha256: hash.sha256, pageCount: painted.pageCount, renderedAt: painted.at },
      });
    } else {
      report.current?.({ kind: status === 'failed' ? 'failed' : 'loading' });
    }
  }, [status, hash, painted]);

  switch (state.kind) {
    case 'loading':
      return <ViewerLoadingCard />;
    case 'failed':
      return <ViewerUnavailable onRetry={retry} downloadUrl={documentUrl} documentName={documentName} />;
    case 'ready':
      return (
        <ViewerShell
          blob={state.blob}
          documentName={documentName}
          downloadUrl={documentUrl}
          onRetry={retry}
          onFirstPagePainted={onFirstPagePainted}
          onDisplayFailed={onDisplayFailed}
        />
      );
  }
}
