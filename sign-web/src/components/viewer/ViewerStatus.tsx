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

/**
 * The document could not be displayed: it says so, and offers to try again and to download the file (a
 * reader that cannot show it here may still open it with another program).
 */
export function ViewerUnavailable({
  onRetry,
  downloadUrl,
  documentName,
}: {
  onRetry: () => void;
  downloadUrl?: string;
  documentName?: string;
}) {
  const { messages } = useI18n();
  return (
    <div className="viewer-status viewer-status--error" role="alert">
      <span>{messages.viewer.loadFailed}</span>
      <div className="viewer-status__actions">
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {messages.viewer.retry}
        </button>
        {downloadUrl && (
          <a className="button button--secondary" href={downloadUrl} download={documentName ?? true}>
            {messages.viewer.downloadDocument}
          </a>
        )}
      </div>
    </div>
  );
}
