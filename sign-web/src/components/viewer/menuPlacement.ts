/** Where a menu opens: fixed coordinates that keep it whole inside the visible area. */
export interface MenuPlacement {
  top?: number;
  bottom?: number;
  /** From the screen's right edge: the menu's right edge stays there whatever width its content takes. */
  right: number;
  maxHeight: number;
  maxWidth: number;
}

interface Box {
  top: number;
  bottom: number;
  right: number;
}

/** Distance kept from the screen's edges, and from the button. */
const MARGIN = 8;
const GAP = 4;
/** Below this much room under the button, a menu opens above it if there is more room there. */
const MIN_USEFUL_HEIGHT = 160;

/**
 * Under the button, right-aligned with it, unless there is little room under it and more above (a phone
 * scrolled so the toolbar sits low); never wider or taller than the screen allows (it scrolls inside).
 */
export function menuPlacement(
  anchor: Box,
  viewport: { width: number; height: number },
  content: { height: number },
): MenuPlacement {
  const right = Math.min(Math.max(viewport.width - anchor.right, MARGIN), viewport.width - MARGIN);
  const maxWidth = Math.max(0, viewport.width - right - MARGIN);
  const below = viewport.height - anchor.bottom - GAP - MARGIN;
  const above = anchor.top - GAP - MARGIN;
  const openAbove = content.height > below && below < MIN_USEFUL_HEIGHT && above > below;
  return openAbove
    ? { bottom: viewport.height - anchor.top + GAP, right, maxHeight: Math.max(0, above), maxWidth }
    : { top: anchor.bottom + GAP, right, maxHeight: Math.max(0, below), maxWidth };
}
