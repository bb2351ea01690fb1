import { memo, useCallback } from 'react';
import { Page, type PageProps } from 'react-pdf';
import { interpolate } from '../../i18n/format';
import { useI18n } from '../../i18n/I18nProvider';
import { type PageGeometry } from './types';
import { type Rotation, type ScrollMode } from './viewerState';
import { CSS_PIXELS_PER_POINT, rotatedSize } from './zoom';

export type CustomTextRenderer = NonNullable<PageProps['customTextRenderer']>;

interface PageSlotProps {
  pageNumber: number;
  pageCount: number;
  geometry: PageGeometry;
  zoom: number;
  rotation: Rotation;
  drawn: boolean;
  register: (page: number, element: HTMLElement | null) => void;
  textRenderer: CustomTextRenderer | undefined;
  onTextLayerRendered: (page: number) => void;
}

/** One page: a box of the page's size, drawn by pdf.js only when near the visible area. */
const PageSlot = memo(function PageSlot(props: PageSlotProps) {
  const {
    pageNumber,
    pageCount,
    geometry,
    zoom,
    rotation,
    drawn,
    register,
    textRenderer,
    onTextLayerRendered,
  } = props;
  const { messages } = useI18n();
  const pageRotation = (geometry.rotate + rotation) % 360;
  const size = rotatedSize(geometry, pageRotation);
  const ref = useCallback(
    (element: HTMLElement | null) => register(pageNumber, element),
    [register, pageNumber],
  );
  const onTextLayer = useCallback(() => onTextLayerRendered(pageNumber), [onTextLayerRendered, pageNumber]);
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
          pageNumber={pageNumber}
          scale={zoom * CSS_PIXELS_PER_POINT}
          rotate={pageRotation}
          renderAnnotationLayer={false}
          renderTextLayer
          customTextRenderer={textRenderer}
          onRenderTextLayerSuccess={onTextLayer}
          loading=""
          error=""
        />
      )}
    </div>
  );
});

interface PdfPagesProps {
  geometries: PageGeometry[];
  zoom: number;
  rotation: Rotation;
  scrollMode: ScrollMode;
  near: ReadonlySet<number>;
  register: (page: number, element: HTMLElement | null) => void;
  textRenderer: CustomTextRenderer | undefined;
  onTextLayerRendered: (page: number) => void;
}

export function PdfPages({ geometries, scrollMode, near, ...shared }: PdfPagesProps) {
  return (
    <div className={`pdf-pages pdf-pages--${scrollMode}`}>
      {geometries.map((geometry, index) => (
        <PageSlot
          key={index}
          pageNumber={index + 1}
          pageCount={geometries.length}
          geometry={geometry}
          drawn={near.has(index + 1)}
          {...shared}
        />
      ))}
    </div>
  );
}
