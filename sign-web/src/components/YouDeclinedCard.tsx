import { type Locale } from '@esign/shared';
import { useEffect } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { Card } from './Card';

/**
 * The signatory's own refusal: right after it, and on any later visit of their link (the API tells a
 * link whether its own signatory declined), where other signatories' links say that "a signatory" did.
 */
export function YouDeclinedCard({ language = null }: { language?: Locale | null }) {
  const { messages, suggestLocale } = useI18n();
  useEffect(() => {
    if (language) suggestLocale(language);
  }, [language, suggestLocale]);
  const texts = messages.youDeclined;
  return (
    <Card tone="warning" live>
      {/* Takes focus when the dialog that replaced it closes: it says where the person now is. */}
      <h1 tabIndex={-1}>{texts.title}</h1>
      <p>{texts.body}</p>
      <p className="muted">{texts.hint}</p>
    </Card>
  );
}
