import { type SigningPageData } from '@esign/shared';
import { formatDateTime } from '../i18n/format';
import { useI18n } from '../i18n/I18nProvider';

/** What is being signed and who asked; names and titles are the sender's text, shown as text. */
export function RequestFacts({
  request,
  deadline = false,
}: {
  request: SigningPageData;
  deadline?: boolean;
}) {
  const { messages, locale } = useI18n();
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
      {deadline && (
        <>
          <dt>{messages.request.expiresAt}</dt>
          <dd>
            <time dateTime={request.expiresAt}>{formatDateTime(request.expiresAt, locale)}</time>
          </dd>
        </>
      )}
    </dl>
  );
}

/**
 * What is to be signed, by whom, before when; and, set apart from Sign (it closes the request for
 * everyone), the way to decline it.
 */
export function SigningRequestSummary({
  request,
  onDecline,
}: {
  request: SigningPageData;
  onDecline: () => void;
}) {
  const { messages } = useI18n();
  return (
    <section className="card card--compact" aria-labelledby="request-heading">
      <h1 id="request-heading">{messages.request.heading}</h1>
      <RequestFacts request={request} deadline />
      <p className="summary__decline">
        <button type="button" className="button button--link" onClick={onDecline}>
          {messages.signing.decline.open}
        </button>
      </p>
    </section>
  );
}
