import { useI18n } from '../i18n/I18nProvider';
import { Card } from './Card';

/**
 * Right after the signatory's own refusal: it says that they declined, where the card a later visit
 * shows can only say that "a signatory" did (the API does not tell the link who it was).
 */
export function YouDeclinedCard() {
  const { messages } = useI18n();
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
