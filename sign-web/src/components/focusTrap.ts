import { type KeyboardEvent as ReactKeyboardEvent } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  );
}

/** Keeps Tab and Shift+Tab cycling inside the container. */
export function trapTab(event: KeyboardEvent | ReactKeyboardEvent, container: HTMLElement | null): void {
  if (event.key !== 'Tab' || !container) return;
  const focusable = focusableIn(container);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * After a dialog closed: focus back on the element that opened it, unless the browser already put it
 * somewhere outside the dialog. When that element is gone (signing or declining replaced it), the page's
 * main heading takes focus instead, as it says what the page now shows; a dialog the page opened by
 * itself gives it back to the control marked `data-dialog-return`; never the document's body.
 */
export function returnFocus(dialog: HTMLElement, opener: HTMLElement | null): void {
  const active = document.activeElement;
  if (active && active !== document.body && !dialog.contains(active)) return;
  if (opener?.isConnected) opener.focus();
  if (opener && document.activeElement === opener) return;
  const fallback =
    document.querySelector<HTMLElement>('main h1[tabindex="-1"]') ??
    document.querySelector<HTMLElement>('[data-dialog-return]:not(:disabled)');
  fallback?.focus();
}
