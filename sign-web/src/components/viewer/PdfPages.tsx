import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Page } from 'react-pdf';
import { interpolate } from '../../i18n/format';
import { useI18n } from '../../i18n/I18nProvider';
import { type PdfDocument } from './pdfDocument';
import { matchQuads, measureInDocumentFont, quadBox, viewportTransform } from './highlightGeometry';
import { type PageGeometry } from './types';
import { type PageHighlights } from './useDocumentSearch';
import { type Rotation, type ScrollMode } from './viewerState';
import { CSS_PIXELS_PER_POINT, rotatedSize } from './zoom';

interface PageSlotProps {
  pdf: PdfDocument;
  pageNumber: number;
  pageCount: number;
  geometry: PageGeometry;
  zoom: number;
  rotation: Rotation;
  drawn: boolean;
  register: (page: number, element: HTMLElement | null) => void;
  highlights: PageHighlights | undefined;
  /** The current match's highlight was placed on this page. */
  onCurrentHighlight: (page: number, element: HTMLElement) => void;
  /**
   * Only the first page's: whether its canvas, as now shown, is painted (false again while it is redrawn at
   * another scale or rotation); or it could not be drawn.
   */
  onPaintedChange?: (painted: boolean) => void;
  onRenderError?: () => void;
}

/**
 * Search highlights drawn over the canvas where the characters are printed: their positions come from the
 * document's own font and the text's place on the page, so they cover exactly the matched characters
 * whatever stand-in font the (invisible, selectable) text layer uses. Placed again once the page is painted
 * (its fonts are then loaded).
 */
function Highlights({
  pageNumber,
  geometry,
  scale,
  rotation,
  highlights,
  painted,
  onCurrentHighlight,
}: {
  pageNumber: number;
  geometry: PageGeometry;
  scale: number;
  rotation: number;
  highlights: PageHighlights;
  painted: number;
  onCurrentHighlight: (page: number, element: HTMLElement) => void;
}) {
  const current = useRef<HTMLDivElement>(null);
  const boxes = useMemo(() => {
    void painted;
    const transform = viewportTransform(geometry.view, scale, rotation);
    return highlights.matches.flatMap((match, matchIndex) =>
      matchQuads(highlights.items, match.segments, measureInDocumentFont).map((quad, quadIndex) => ({
        key: `${matchIndex}-${quadIndex}`,
        current: match.current,
        first: quadIndex === 0,
        box: quadBox(quad, transform),
      })),
    );
  }, [geometry.view, scale, rotation, highlights, painted]);
  useLayoutEffect(() => {
    if (current.current) onCurrentHighlight(pageNumber, current.current);
  }, [boxes, pageNumber, onCurrentHighlight]);
  return (
    <div className="pdf-highlights" aria-hidden="true">
      {boxes.map(({ key, current: isCurrent, first, box }) => (
        <div
          key={key}
          ref={isCurrent && first ? current : undefined}
          className={isCurrent ? 'pdf-highlight pdf-highlight--current' : 'pdf-highlight'}
          style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
        />
      ))}
    </div>
  );
}

/** One page: a box of the page's size, drawn by pdf.js only when near the visible area. */
const PageSlot = memo(function PageSlot(props: PageSlotProps) {
  const {
    pdf,
    pageNumber,
    pageCount,
    geometry,
    zoom,
    rotation,
    drawn,
    register,
    highlights,
    onCurrentHighlight,
    onPaintedChange,
    onRenderError,
  } = props;
  const { messages } = useI18n();
  const [painted, setPainted] = useState(0);
  const pageRotation = (geometry.rotate + rotation) % 360;
  const size = rotatedSize(geometry, pageRotation);
  const scale = zoom * CSS_PIXELS_PER_POINT;
  const ref = useCallback(
    (element: HTMLElement | null) => register(pageNumber, element),
    [register, pageNumber],
  );
  // A new scale or rotation is a new canvas, blank until drawn.
  useLayoutEffect(() => {
    onPaintedChange?.(false);
  }, [onPaintedChange, scale, pageRotation, drawn]);
  const onRenderSuccess = useCallback(() => {
    setPainted((count) => count + 1);
    onPaintedChange?.(true);
  }, [onPaintedChange]);
  return (
    <div
      ref={ref}
      className="pdf-page"
      data-page-number={pageNumber}
      role="group"
      aria-label={interpolate(messages.viewer.pageLabel, { page: pageNumber, total: pageCount })}
      style={{ width: size.width * zoom, height: size.height * zoom }}
    >
      {drawn && (
        <Page
          pdf={pdf}
          // Loads through effects, not Suspense, so no boundary's reveal timing (React's held it back for up
          // to 300 ms after its fallback showed) stands between the first page and its paint.
          suspense={false}
          pageNumber={pageNumber}
          scale={scale}
          rotate={pageRotation}
          renderAnnotationLayer={false}
          // The (invisible, selectable) text follows the page's first painting instead of competing with it.
          renderTextLayer={painted > 0}
          onRenderSuccess={onRenderSuccess}
          onRenderError={onRenderError}
          onLoadError={onRenderError}
          loading=""
          error=""
        />
      )}
      {drawn && highlights && (
        <Highlights
          pageNumber={pageNumber}
          geometry={geometry}
          scale={scale}
          rotation={pageRotation}
          highlights={highlights}
          painted={painted}
          onCurrentHighlight={onCurrentHighlight}
        />
      )}
    </div>
  );
});

interface PdfPagesProps {
  pdf: PdfDocument;
  geometries: PageGeometry[];
  zoom: number;
  rotation: Rotation;
  scrollMode: ScrollMode;
  near: ReadonlySet<number>;
  register: (page: number, element: HTMLElement | null) => void;
  highlights: ReadonlyMap<number, PageHighlights>;
  onCurrentHighlight: (page: number, element: HTMLElement) => void;
  onFirstPagePaintedChange: (painted: boolean) => void;
  onFirstPageError: () => void;
}

export function PdfPages({
  geometries,
  scrollMode,
  near,
  highlights,
  onFirstPagePaintedChange,
  onFirstPageError,
  ...shared
}: PdfPagesProps) {
  return (
    <div className={`pdf-pages pdf-pages--${scrollMode}`}>
      {geometries.map((geometry, index) => (
        <PageSlot
          key={index}
          pageNumber={index + 1}
          pageCount={geometries.length}
          geometry={geometry}
          drawn={near.has(index + 1)}
          highlights={highlights.get(index + 1)}
          onPaintedChange={index === 0 ? onFirstPagePaintedChange : undefined}
          onRenderError={index === 0 ? onFirstPageError : undefined}
          {...shared}
        />
      ))}
    </div>
  );
}
