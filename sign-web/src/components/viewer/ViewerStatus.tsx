import { useI18n } from '../../i18n/I18nProvider';

/** The viewer's loading spinner card. */
export function ViewerLoadingCard() {
  const { messages } = useI18n();
  return (
    <div className="viewer-status" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{messages.viewer.loading}</span>
    </div>
  );
}

export function ViewerUnavailable({ onRetry }: { onRetry: () => void }) {
  const { messages } = useI18n();
  return (
    <div className="viewer-status viewer-status--error" role="alert">
      <span>{messages.viewer.loadFailed}</span>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {messages.viewer.retry}
      </button>
    </div>
  );
}
