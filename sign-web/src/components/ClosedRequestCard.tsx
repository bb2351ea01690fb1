import { formatDateTime, interpolate } from '../i18n/format';
import { useI18n } from '../i18n/I18nProvider';
import { Card } from './Card';

/**
 * A link whose request was declined by a signatory or has expired: it says which, and when, rather than the
 * generic "nothing to sign" (the link's holder proved they hold the key).
 */
export function ClosedRequestCard({
  reason,
  closedAt,
}: {
  reason: 'declined' | 'expired';
  closedAt: string | null;
}) {
  const { messages, locale } = useI18n();
  const texts = messages[reason];
  const date = closedAt ? formatDateTime(closedAt, locale) : '';
  return (
    <Card tone="warning" live>
      <h1>{texts.title}</h1>
      <p>{date ? interpolate(texts.body, { date }) : texts.bodyUndated}</p>
      <p className="muted">{texts.hint}</p>
    </Card>
  );
}
