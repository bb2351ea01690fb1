import { useI18n } from '../i18n/I18nProvider';
import { Card } from './Card';

export function FailureCard({ onRetry }: { onRetry: () => void }) {
  const { messages } = useI18n();
  return (
    <Card tone="error" live>
      <h1>{messages.failure.title}</h1>
      <p>{messages.failure.body}</p>
      <button type="button" className="button" onClick={onRetry}>
        {messages.failure.retry}
      </button>
    </Card>
  );
}
