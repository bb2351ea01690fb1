import { useI18n } from '../i18n/I18nProvider';
import { Card } from './Card';

export function LoadingCard() {
  const { messages } = useI18n();
  return (
    <Card>
      <div className="loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>{messages.loading.message}</span>
      </div>
    </Card>
  );
}
