import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { Alert, Box, CircularProgress, IconButton, Paper, Stack, Toolbar, Typography } from '@mui/material';
import { type ReactNode, Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { type PdfSource } from './pdfSource';
import { PdfViewerBoundary } from './PdfViewerBoundary';
import { useElementWidth } from './useElementWidth';

const PdfDocumentView = lazy(() => import('./PdfDocumentView'));

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
const DEFAULT_MAX_PAGE_WIDTH = 820;
/** Height over width of an A4 page, the documents' usual size. */
const A4_RATIO = Math.SQRT2;
/** The page area's height, at most: a share of the window, so the toolbar stays in view beside it. */
const PAGE_AREA_SHARE = 0.8;
/** The page area's padding and a little room, in pixels. */
const PAGE_AREA_ROOM = 24;

function useWindowHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const update = () => setHeight(window.innerHeight);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return height;
}

export interface PdfViewerProps {
  source: PdfSource;
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  overlay?: ReactNode;
  onPageCount?: (count: number) => void;
  /** The page's width at 100 %, at most; smaller to see a whole page at once. */
  maxPageWidth?: number;
  /** At 100 %, a whole A4 page fits in the window's height, its bottom corners included. */
  fitHeight?: boolean;
}

function LoadingCard() {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', p: 3 }} role="status">
      <CircularProgress size={24} aria-hidden />
      <Typography>{translate('app.pdf.loading')}</Typography>
    </Stack>
  );
}

function LoadFailed() {
  const translate = useTranslate();
  return (
    <Alert severity="warning" sx={{ m: 2 }}>
      {translate('app.pdf.load_failed')}
    </Alert>
  );
}

/** A page of the document with page navigation and zoom. */
export function PdfViewer(props: PdfViewerProps) {
  const { source, page, pageCount, onPageChange, overlay, onPageCount } = props;
  const translate = useTranslate();
  const container = useRef<HTMLDivElement>(null);
  const available = useElementWidth(container);
  const [zoomIndex, setZoomIndex] = useState(2);
  const windowHeight = useWindowHeight();
  const zoom = ZOOMS[zoomIndex] ?? 1;
  const heightLimit = props.fitHeight
    ? (windowHeight * PAGE_AREA_SHARE - PAGE_AREA_ROOM) / A4_RATIO
    : Number.POSITIVE_INFINITY;
  const width = Math.max(
    200,
    Math.floor(Math.min(available - 16, props.maxPageWidth ?? DEFAULT_MAX_PAGE_WIDTH, heightLimit) * zoom),
  );

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Toolbar
        variant="dense"
        role="toolbar"
        aria-label={translate('app.pdf.toolbar')}
        sx={{ gap: 1, flexWrap: 'wrap' }}
      >
        <IconButton
          aria-label={translate('app.pdf.previous_page')}
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeftIcon />
        </IconButton>
        <Typography aria-live="polite" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {translate('app.pdf.page_of', { page, count: pageCount })}
        </Typography>
        <IconButton
          aria-label={translate('app.pdf.next_page')}
          disabled={page >= pageCount}
          onClick={() => onPageChange(page + 1)}
        >
          <ChevronRightIcon />
        </IconButton>
        <Box sx={{ flexGrow: 1 }} />
        <IconButton
          aria-label={translate('app.pdf.zoom_out')}
          disabled={zoomIndex === 0}
          onClick={() => setZoomIndex(zoomIndex - 1)}
        >
          <ZoomOutIcon />
        </IconButton>
        <Typography sx={{ minWidth: 96, textAlign: 'center' }}>
          {translate('app.pdf.zoom', { percent: Math.round(zoom * 100) })}
        </Typography>
        <IconButton
          aria-label={translate('app.pdf.zoom_in')}
          disabled={zoomIndex === ZOOMS.length - 1}
          onClick={() => setZoomIndex(zoomIndex + 1)}
        >
          <ZoomInIcon />
        </IconButton>
      </Toolbar>
      {/* Focusable, so a keyboard can scroll a zoomed page. */}
      <Box
        ref={container}
        tabIndex={0}
        role="region"
        aria-label={translate('app.pdf.preview_of', { page })}
        sx={{
          overflow: 'auto',
          p: 1,
          bgcolor: 'action.hover',
          textAlign: 'center',
          maxHeight: `${PAGE_AREA_SHARE * 100}vh`,
        }}
      >
        <PdfViewerBoundary fallback={<LoadFailed />}>
          <Suspense fallback={<LoadingCard />}>
            <PdfDocumentView
              source={source}
              pageNumber={Math.min(Math.max(page, 1), Math.max(pageCount, 1))}
              width={width}
              pageLabel={translate('app.pdf.preview_of', { page })}
              loading={<LoadingCard />}
              error={<LoadFailed />}
              onPageCount={onPageCount}
              overlay={overlay}
            />
          </Suspense>
        </PdfViewerBoundary>
      </Box>
    </Paper>
  );
}
