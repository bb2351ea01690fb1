import { useI18n } from '../../i18n/I18nProvider';
import { type QualifiedOutcome } from '../../signing/qualifiedReturn';
import { Card } from '../Card';

/**
 * What the signatory is told on coming back from the qualified provider: the signature applied, or why
 * nothing was signed and what to do next. Without the link (another tab or device), how to continue.
 */
export function QualifiedReturnNotice({
  outcome,
  withoutLink = false,
}: {
  outcome: QualifiedOutcome;
  withoutLink?: boolean;
}) {
  const { messages } = useI18n();
  const texts = messages.signing.qualifiedReturn;
  const signed = outcome === 'signed';
  return (
    <Card tone={signed ? 'success' : 'warning'} live>
      {withoutLink ? <h1 tabIndex={-1}>{texts.title}</h1> : <h2>{texts.title}</h2>}
      <p>{texts[outcome]}</p>
      {withoutLink && <p className="muted">{texts.reopenLink}</p>}
    </Card>
  );
}
