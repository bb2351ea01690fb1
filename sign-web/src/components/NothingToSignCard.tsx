import { useI18n } from '../i18n/I18nProvider';
import { Card } from './Card';

/** Unknown link, cancelled request or finished signing: deliberately the same message for all three. */
export function NothingToSignCard() {
  const { messages } = useI18n();
  return (
    <Card tone="warning" live>
      <h1 tabIndex={-1}>{messages.nothingToSign.title}</h1>
      <p>{messages.nothingToSign.body}</p>
      <p className="muted">{messages.nothingToSign.hint}</p>
    </Card>
  );
}
