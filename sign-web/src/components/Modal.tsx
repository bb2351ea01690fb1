import { type ReactNode, useEffect, useRef } from 'react';
import { trapTab } from './focusTrap';
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
 * A modal <dialog>: the browser makes the rest of the page inert, draws it above a full-screen viewer
 * and gives focus back on close; Tab also cycles inside it. The element with `data-autofocus` gets
 * focus when it opens.
 */
export function Modal({ open, onClose, titleId, children, className = '', dismissible = true }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useToastHost(ref, open);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
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
