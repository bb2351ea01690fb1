/**
 * Read by screen readers, not shown: for live announcements that the screen already conveys visually. Sizes
 * in pixels: in `sx`, a width of 1 means 100 %, which made an empty status as wide as the page.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
