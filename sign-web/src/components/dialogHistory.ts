import { useEffect, useRef } from 'react';

/** What an open dialog needs of the window: its history, and word of the browser's Back. */
export interface HistoryWindow {
  history: Pick<History, 'pushState' | 'back'>;
  addEventListener(type: 'popstate', listener: () => void): void;
  removeEventListener(type: 'popstate', listener: () => void): void;
}

interface BackHandlers {
  /** False while something is under way that must not be abandoned. */
  canClose: () => boolean;
  close: () => void;
}

/** The entry's state: the address stays the page's own, with its key, and nothing else is kept. */
const DIALOG_ENTRY = { dialog: true };

/**
 * Gives an open dialog a history entry of its own, so the browser's Back closes the dialog rather than
 * leaving the page. Back while the dialog cannot close puts the entry back. The function returned takes
 * the entry away when the dialog closes otherwise (Escape, its own buttons), so the next Back leaves the
 * page as it would have.
 */
export function holdHistoryEntry(target: HistoryWindow, { canClose, close }: BackHandlers): () => void {
  let held = true;
  const push = () => target.history.pushState(DIALOG_ENTRY, '');
  const onBack = () => {
    if (!canClose()) {
      push();
      return;
    }
    held = false;
    target.removeEventListener('popstate', onBack);
    close();
  };
  push();
  target.addEventListener('popstate', onBack);
  return () => {
    target.removeEventListener('popstate', onBack);
    if (held) {
      held = false;
      target.history.back();
    }
  };
}

/** While `open`, the browser's Back closes the dialog (when `dismissible`) instead of leaving the page. */
export function useBackCloses(open: boolean, onClose: () => void, dismissible: boolean): void {
  // Read when Back comes: the entry is not pushed again each time the dialog's callbacks change.
  const latest = useRef({ onClose, dismissible });
  useEffect(() => {
    latest.current = { onClose, dismissible };
  }, [onClose, dismissible]);
  useEffect(() => {
    if (!open) return;
    return holdHistoryEntry(window, {
      canClose: () => latest.current.dismissible,
      close: () => latest.current.onClose(),
    });
  }, [open]);
}
