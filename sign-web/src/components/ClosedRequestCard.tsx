import { type Locale } from '@esign/shared';
import { useEffect } from 'react';
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
  language,
}: {
  reason: 'declined' | 'expired';
  closedAt: string | null;
  /** The request's (or the signatory's) language: used unless the person chose one in this browser. */
  language: Locale | null;
}) {
  const { messages, locale, suggestLocale } = useI18n();
  useEffect(() => {
    if (language) suggestLocale(language);
  }, [language, suggestLocale]);
  const texts = messages[reason];
  const date = closedAt ? formatDateTime(closedAt, locale) : '';
  return (
    <Card tone="warning" live>
      <h1 tabIndex={-1}>{texts.title}</h1>
      <p>{date ? interpolate(texts.body, { date }) : texts.bodyUndated}</p>
      <p className="muted">{texts.hint}</p>
    </Card>
  );
}
