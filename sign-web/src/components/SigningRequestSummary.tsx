import { type SigningPageData } from '@esign/shared';
import { useI18n } from '../i18n/I18nProvider';

/** What is being signed and who asked; names and titles are the sender's text, shown as text. */
export function RequestFacts({ request }: { request: SigningPageData }) {
  const { messages } = useI18n();
  return (
    <dl className="facts">
      <dt>{messages.request.title}</dt>
      <dd>{request.signatureTitle}</dd>
      <dt>{messages.request.document}</dt>
      <dd>{request.documentName}</dd>
      {request.senderName && (
        <>
          <dt>{messages.request.sender}</dt>
          <dd>{request.senderName}</dd>
        </>
      )}
    </dl>
  );
}

export function SigningRequestSummary({ request }: { request: SigningPageData }) {
  const { messages } = useI18n();
  return (
    <section className="card card--compact" aria-labelledby="request-heading">
      <h1 id="request-heading">{messages.request.heading}</h1>
      <RequestFacts request={request} />
    </section>
  );
}
