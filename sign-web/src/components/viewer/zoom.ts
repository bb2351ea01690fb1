/** Page fit, page width, or a factor where 1 is the document's real size. */
export type ZoomSetting = 'page-fit' | 'page-width' | number;

/** The zoom levels offered (50 to 200 %). */
export const ZOOM_PRESETS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
export const MIN_ZOOM = ZOOM_PRESETS[0];
export const MAX_ZOOM = 2;

/** PDF sizes are in points (1/72 in); CSS pixels are 1/96 in. */
export const CSS_PIXELS_PER_POINT = 96 / 72;

/** Space kept around the page inside the scroll area, in CSS pixels (padding and a scroll bar). */
export const PAGE_MARGIN = 24;

export interface Size {
  width: number;
  height: number;
}

const EPSILON = 0.001;

/**
 * The factor to draw pages at. Fit modes follow the page shown (already rotated) and the scroll area;
 * before either is measured, the real size.
 */
export function effectiveZoom(setting: ZoomSetting, page: Size | null, area: Size): number {
  if (typeof setting === 'number') return setting;
  if (!page || page.width <= 0 || page.height <= 0 || area.width <= 0) return 1;
  const byWidth = Math.max(area.width - PAGE_MARGIN, 1) / page.width;
  if (setting === 'page-width' || area.height <= 0) return byWidth;
  const byHeight = Math.max(area.height - PAGE_MARGIN, 1) / page.height;
  return Math.min(byWidth, byHeight);
}

/** The next level up from what is shown; fit modes step from their current factor. */
export function zoomIn(current: number): number {
  return ZOOM_PRESETS.find((preset) => preset > current + EPSILON) ?? MAX_ZOOM;
}

export function zoomOut(current: number): number {
  return [...ZOOM_PRESETS].reverse().find((preset) => preset < current - EPSILON) ?? MIN_ZOOM;
}

export function canZoomIn(current: number): boolean {
  return current < MAX_ZOOM - EPSILON;
}

export function canZoomOut(current: number): boolean {
  return current > MIN_ZOOM + EPSILON;
}

/** A page's size as shown: turned a quarter, width and height swap. */
export function rotatedSize(size: Size, rotation: number): Size {
  return rotation % 180 === 0 ? size : { width: size.height, height: size.width };
}
