import { describe, expect, it } from 'vitest';
import {
  MAX_ZOOM,
  MIN_ZOOM,
  PAGE_MARGIN,
  canZoomIn,
  canZoomOut,
  effectiveZoom,
  rotatedSize,
  zoomIn,
  zoomOut,
} from './zoom';

const A4 = { width: 794, height: 1123 };

describe('effectiveZoom', () => {
  it('uses a chosen level as it is', () => {
    expect(effectiveZoom(1.5, A4, { width: 300, height: 300 })).toBe(1.5);
  });

  it('fits the page width to the scroll area, as on a 375 px phone', () => {
    const zoom = effectiveZoom('page-width', A4, { width: 375, height: 500 });
    expect(zoom).toBeCloseTo((375 - PAGE_MARGIN) / A4.width);
    expect(A4.width * zoom).toBeLessThanOrEqual(375);
  });

  it('fits the whole page, whichever side limits it', () => {
    expect(effectiveZoom('page-fit', A4, { width: 1000, height: 600 })).toBeCloseTo(
      (600 - PAGE_MARGIN) / A4.height,
    );
    expect(effectiveZoom('page-fit', A4, { width: 400, height: 2000 })).toBeCloseTo(
      (400 - PAGE_MARGIN) / A4.width,
    );
  });

  it('shows the real size until the page and the area are known', () => {
    expect(effectiveZoom('page-fit', null, { width: 400, height: 400 })).toBe(1);
    expect(effectiveZoom('page-width', A4, { width: 0, height: 0 })).toBe(1);
  });
});

describe('zoomIn and zoomOut', () => {
  it('step through 50 to 200 %', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomOut(1)).toBe(0.75);
    expect(zoomIn(0.44)).toBe(0.5);
    expect(zoomOut(0.61)).toBe(0.5);
    expect(zoomIn(1.6)).toBe(2);
  });

  it('stop at the ends', () => {
    expect(zoomIn(MAX_ZOOM)).toBe(MAX_ZOOM);
    expect(zoomOut(MIN_ZOOM)).toBe(MIN_ZOOM);
    expect(canZoomIn(MAX_ZOOM)).toBe(false);
    expect(canZoomOut(MIN_ZOOM)).toBe(false);
    expect(canZoomOut(0.3)).toBe(false);
    expect(canZoomIn(0.3)).toBe(true);
  });
});

describe('rotatedSize', () => {
  it('swaps width and height for a quarter turn', () => {
    expect(rotatedSize(A4, 90)).toEqual({ width: A4.height, height: A4.width });
    expect(rotatedSize(A4, 180)).toEqual(A4);
    expect(rotatedSize(A4, 270)).toEqual({ width: A4.height, height: A4.width });
  });
});
