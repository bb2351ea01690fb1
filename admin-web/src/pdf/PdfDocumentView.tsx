import { Box } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import { type PdfSource } from './pdfSource';

// Set here, in the module that renders react-pdf, so its own default cannot override it (react-pdf README).
pdfjs.GlobalWorkerOptions.workerSrc = new URL(
  'pdfjs-dist/build/pdf.worker.min.mjs',
  import.meta.url,
).toString();

// pdf.js 6 has no eval code path left (its `isEvalSupported` option was removed with it), so the
// Content-Security-Policy keeps 'unsafe-eval' out without an option; no scripting sandbox is loaded, and
// XFA forms, which carry their own logic, stay off.
const PDF_OPTIONS = { enableXfa: false };

export interface PdfDocumentViewProps {
  source: PdfSource;
  pageNumber: number;
  width: number;
  /** Text alternative of the rendered page. */
  pageLabel: string;
  loading: ReactNode;
  error: ReactNode;
  onPageCount?: (count: number) => void;
  /** Drawn over the page, in a box of the page's size (markers, for instance). */
  overlay?: ReactNode;
}

/** One page of a PDF drawn by pdf.js; loaded on demand so the rest of the app does not carry pdf.js. */
export default function PdfDocumentView(props: PdfDocumentViewProps) {
  const { source, pageNumber, width, pageLabel, loading, error, onPageCount, overlay } = props;
  const file = useMemo(() => (source.kind === 'blob' ? source.blob : { url: source.url }), [source]);
  return (
    <Document
      file={file}
      options={PDF_OPTIONS}
      suspense={false}
      loading={loading}
      error={error}
      onLoadSuccess={(pdf) => onPageCount?.(pdf.numPages)}
      // PDF load errors are only logged; the error node tells the member.
      onLoadError={(reason) => console.error('The PDF could not be loaded', reason)}
    >
      <Box sx={{ position: 'relative', display: 'inline-block', boxShadow: 2, lineHeight: 0 }}>
        <Box role="img" aria-label={pageLabel}>
          <Page
            pageNumber={pageNumber}
            width={width}
            renderTextLayer={false}
            renderAnnotationLayer={false}
            loading={loading}
            error={error}
          />
        </Box>
        {overlay && (
          <Box aria-hidden sx={{ position: 'absolute', inset: 0, lineHeight: 'normal' }}>
            {overlay}
          </Box>
        )}
      </Box>
    </Document>
  );
}
