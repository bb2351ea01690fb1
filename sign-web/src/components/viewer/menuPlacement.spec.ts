import { describe, expect, it } from 'vitest';
import { menuPlacement } from './menuPlacement';

const phone = { width: 360, height: 740 };

describe('menuPlacement', () => {
  it('opens under the button, right-aligned, as tall as the room under it allows', () => {
    const placement = menuPlacement({ top: 300, bottom: 344, right: 352 }, phone, { height: 900 });
    expect(placement).toEqual({ top: 348, right: 8, maxHeight: 384, maxWidth: 344 });
    // Its bottom edge, top + maxHeight, stays 8 px above the screen's bottom.
    expect((placement.top ?? 0) + placement.maxHeight).toBe(phone.height - 8);
  });

  it('opens above the button when there is little room under it and more above', () => {
    const placement = menuPlacement({ top: 650, bottom: 694, right: 340 }, phone, { height: 500 });
    expect(placement).toEqual({ bottom: 94, right: 20, maxHeight: 638, maxWidth: 332 });
  });

  it('stays under the button when the menu fits there', () => {
    expect(menuPlacement({ top: 650, bottom: 694, right: 352 }, phone, { height: 30 }).top).toBe(698);
  });

  it('never runs off the left or right edge of a narrow screen', () => {
    const narrow = { width: 320, height: 600 };
    const atEdge = menuPlacement({ top: 0, bottom: 40, right: 318 }, narrow, { height: 10 });
    expect(atEdge).toMatchObject({ right: 8, maxWidth: 304 });
    const nearLeft = menuPlacement({ top: 0, bottom: 40, right: 100 }, narrow, { height: 10 });
    expect(nearLeft).toMatchObject({ right: 220, maxWidth: 92 });
  });
});
