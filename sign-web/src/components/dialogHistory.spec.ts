import { describe, expect, it, vi } from 'vitest';
import { type HistoryWindow, holdHistoryEntry } from './dialogHistory';

/** A window whose history is a list of entries; `pressBack` is the browser's Back button. */
function fakeWindow() {
  const entries: unknown[] = ['page'];
  let listeners: (() => void)[] = [];
  const popState = () => listeners.forEach((listener) => listener());
  const target: HistoryWindow = {
    history: {
      pushState: (state: unknown) => void entries.push(state),
      back: () => {
        entries.pop();
        popState();
      },
    },
    addEventListener: (_type, listener) => void listeners.push(listener),
    removeEventListener: (_type, listener) => {
      listeners = listeners.filter((other) => other !== listener);
    },
  };
  return { target, entries, pressBack: () => target.history.back(), listening: () => listeners.length };
}

describe('holdHistoryEntry', () => {
  it('adds an entry while the dialog is open, and Back closes the dialog instead of leaving the page', () => {
    const { target, entries, pressBack, listening } = fakeWindow();
    const close = vi.fn();
    const release = holdHistoryEntry(target, { canClose: () => true, close });
    expect(entries).toHaveLength(2);
    pressBack();
    expect(close).toHaveBeenCalledTimes(1);
    expect(entries).toEqual(['page']);
    expect(listening()).toBe(0);
    // The dialog then closes: Back already took the entry, so nothing more goes back.
    release();
    expect(entries).toEqual(['page']);
  });

  it('takes its entry away when the dialog closes otherwise, without closing it twice', () => {
    const { target, entries, listening } = fakeWindow();
    const close = vi.fn();
    const release = holdHistoryEntry(target, { canClose: () => true, close });
    release();
    expect(entries).toEqual(['page']);
    expect(close).not.toHaveBeenCalled();
    expect(listening()).toBe(0);
    release();
    expect(entries).toEqual(['page']);
  });

  it('keeps the dialog and its entry when Back comes while it cannot close', () => {
    const { target, entries, pressBack } = fakeWindow();
    let busy = true;
    const close = vi.fn();
    const release = holdHistoryEntry(target, { canClose: () => !busy, close });
    pressBack();
    expect(close).not.toHaveBeenCalled();
    expect(entries).toHaveLength(2);
    busy = false;
    pressBack();
    expect(close).toHaveBeenCalledTimes(1);
    release();
    expect(entries).toEqual(['page']);
  });
});
