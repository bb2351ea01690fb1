import { type SigningRequestView } from '../api/types';
import { useI18n } from '../i18n/I18nProvider';
import { Card } from './Card';

/** What is being signed; the document viewer and the signing dialog sit below it. */
export function SigningRequestSummary({ request }: { request: SigningRequestView }) {
  const { messages } = useI18n();
  return (
    <Card live>
      <h1>{messages.request.heading}</h1>
      <dl className="facts">
        <dt>{messages.request.title}</dt>
        <dd>{request.signatureTitle}</dd>
        <dt>{messages.request.document}</dt>
        <dd>{request.documentName}</dd>
      </dl>
    </Card>
  );
}
