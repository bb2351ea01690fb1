import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { type Toast } from './ToastProvider';

/** How long a toast stays, unless hovered or focused; errors stay longer. */
const DURATION_MS = { success: 6_000, info: 8_000, danger: 12_000 } as const;

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const { messages } = useI18n();
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => onDismiss(toast.id), DURATION_MS[toast.tone]);
    return () => window.clearTimeout(timer);
  }, [paused, toast.id, toast.tone, onDismiss]);
  return (
    <div
      className={`toast toast--${toast.tone}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <p className="toast__message">{toast.message}</p>
      <button
        type="button"
        className="toast__close"
        aria-label={messages.toasts.close}
        onClick={() => onDismiss(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * Two live regions that always exist, so what is added to them is announced: errors assertively,
 * the rest politely.
 */
export function ToastList({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  const errors = toasts.filter((toast) => toast.tone === 'danger');
  const others = toasts.filter((toast) => toast.tone !== 'danger');
  return (
    <div className="toasts">
      <div role="alert" aria-live="assertive" className="toasts__region">
        {errors.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </div>
      <div role="status" aria-live="polite" className="toasts__region">
        {others.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </div>
    </div>
  );
}
