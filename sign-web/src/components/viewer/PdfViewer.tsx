import 'react-pdf/dist/Page/TextLayer.css';
import './viewer.css';
import { pdfjs } from 'react-pdf';
import { type PdfViewerProps } from './types';
import { usePdfBlob } from './usePdfBlob';
import { ViewerLoadingCard, ViewerUnavailable } from './ViewerStatus';
import { ViewerShell } from './ViewerShell';

// Set here, in the chunk that renders react-pdf, so its own default cannot override it (react-pdf README).
pdfjs.GlobalWorkerOptions.workerSrc = new URL(
  'pdfjs-dist/build/pdf.worker.min.mjs',
  import.meta.url,
).toString();

/** The document viewer (spec §2, PDF viewer); its own chunk, loaded with the signing page's document. */
export default function PdfViewer({ documentUrl, documentName, freshDocumentUrl }: PdfViewerProps) {
  const { state, retry } = usePdfBlob(documentUrl, freshDocumentUrl);
  switch (state.kind) {
    case 'loading':
      return <ViewerLoadingCard />;
    case 'failed':
      return <ViewerUnavailable onRetry={retry} />;
    case 'ready':
      return <ViewerShell blob={state.blob} documentName={documentName} onRetry={retry} />;
  }
}
