import { describe, expect, it } from 'vitest';
import {
  type ViewerAction,
  initialViewerState,
  pageCommandForKey,
  pageFor,
  viewerReducer,
} from './viewerState';

function run(actions: ViewerAction[]) {
  return actions.reduce(viewerReducer, initialViewerState());
}

describe('viewerReducer', () => {
  it('starts on page 1, fitted to the width, vertical scroll and text selection', () => {
    expect(initialViewerState()).toMatchObject({
      page: 1,
      zoom: 'page-width',
      scrollMode: 'vertical',
      tool: 'text',
    });
  });

  it('keeps the page inside the document', () => {
    const loaded = run([{ type: 'loaded', pageCount: 4 }]);
    expect(viewerReducer(loaded, { type: 'navigate', page: 9 }).page).toBe(4);
    expect(viewerReducer(loaded, { type: 'navigate', page: 0 }).page).toBe(1);
    expect(viewerReducer(loaded, { type: 'navigate', page: Number.NaN }).page).toBe(1);
    expect(viewerReducer(loaded, { type: 'navigate', page: 2.7 }).page).toBe(2);
  });

  it('jumps to a requested page but not to one the reader scrolled to', () => {
    const loaded = run([{ type: 'loaded', pageCount: 4 }]);
    const jumped = viewerReducer(loaded, { type: 'navigate', page: 3 });
    expect(jumped.jump).toBe(loaded.jump + 1);
    const scrolled = viewerReducer(jumped, { type: 'pageSeen', page: 2 });
    expect(scrolled).toMatchObject({ page: 2, jump: jumped.jump });
  });

  it('turns pages a quarter either way', () => {
    expect(run([{ type: 'rotate', by: 90 }]).rotation).toBe(90);
    expect(run([{ type: 'rotate', by: -90 }]).rotation).toBe(270);
    expect(
      run([
        { type: 'rotate', by: 90 },
        { type: 'rotate', by: 90 },
        { type: 'rotate', by: 90 },
        { type: 'rotate', by: 90 },
      ]).rotation,
    ).toBe(0);
  });

  it('changes zoom, scroll mode and tool', () => {
    const state = run([
      { type: 'zoom', zoom: 1.5 },
      { type: 'scrollMode', mode: 'wrapped' },
      { type: 'tool', tool: 'hand' },
    ]);
    expect(state).toMatchObject({ zoom: 1.5, scrollMode: 'wrapped', tool: 'hand' });
  });
});

describe('page keys', () => {
  it('moves with the arrows, Page Up and Page Down, Home and End', () => {
    expect(pageCommandForKey('PageDown')).toBe('next');
    expect(pageCommandForKey('ArrowRight')).toBe('next');
    expect(pageCommandForKey('PageUp')).toBe('previous');
    expect(pageCommandForKey('ArrowLeft')).toBe('previous');
    expect(pageCommandForKey('Home')).toBe('first');
    expect(pageCommandForKey('End')).toBe('last');
    expect(pageCommandForKey('a')).toBeNull();
  });

  it('stays within the document', () => {
    expect(pageFor('next', { page: 4, pageCount: 4 })).toBe(4);
    expect(pageFor('previous', { page: 1, pageCount: 4 })).toBe(1);
    expect(pageFor('last', { page: 1, pageCount: 4 })).toBe(4);
    expect(pageFor('first', { page: 3, pageCount: 4 })).toBe(1);
  });
});
