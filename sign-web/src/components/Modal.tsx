import { type ReactNode, useEffect, useRef } from 'react';
import { useBackCloses } from './dialogHistory';
import { returnFocus, trapTab } from './focusTrap';
import { useToastHost } from './toasts/ToastProvider';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** The id of the element that names the dialog. */
  titleId: string;
  children: ReactNode;
  className?: string;
  /** False while something is under way that must not be abandoned (Escape does nothing). */
  dismissible?: boolean;
}

/**
 * A modal <dialog>: the browser makes the rest of the page inert and draws it above a full-screen viewer;
 * Tab also cycles inside it. The element with `data-autofocus` gets focus when it opens; on close, focus
 * goes back to what opened it. While it is open, the browser's Back closes it.
 */
export function Modal({ open, onClose, titleId, children, className = '', dismissible = true }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Set while the dialog is open: the element that had focus when it opened.
  const opened = useRef<{ opener: HTMLElement | null } | null>(null);
  useToastHost(ref, open);
  useBackCloses(open, onClose, dismissible);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const active = document.activeElement;
      // Opened by the page itself (no element had focus): focus returns to the page's own place for it.
      opened.current = { opener: active instanceof HTMLElement && active !== document.body ? active : null };
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && opened.current) {
      // The browser gives focus back itself only if the opener is still there, and not in every browser.
      if (dialog.open) dialog.close();
      returnFocus(dialog, opened.current.opener);
      opened.current = null;
    }
  }, [open]);
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
      // Gone while open: what replaced it (the page after declining) is where focus goes.
      if (dialog && opened.current) returnFocus(dialog, opened.current.opener);
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`modal ${className}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onKeyDown={(event) => trapTab(event, ref.current)}
    >
      {open ? children : null}
    </dialog>
  );
}
