import { Card } from '../components/Card';
import { PageFrame } from '../components/PageFrame';
import { useI18n } from '../i18n/I18nProvider';

/** `/sign/terms`: the terms of use and privacy policy the first consent refers to. */
export function TermsPage() {
  const { messages } = useI18n();
  const texts = messages.terms;
  return (
    <PageFrame>
      <Card>
        <h1>{texts.title}</h1>
        <p>{texts.intro}</p>
        <h2>{texts.eidasTitle}</h2>
        <p>{texts.eidas}</p>
        <p>{texts.evidence}</p>
        <h2>{texts.privacyTitle}</h2>
        <p>{texts.privacy}</p>
        <p>{texts.rights}</p>
      </Card>
    </PageFrame>
  );
}
