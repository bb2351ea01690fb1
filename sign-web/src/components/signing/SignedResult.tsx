import { type SigningPageData } from '@esign/shared';
import { useState } from 'react';
import { fetchDocumentOrRenew, saveBlob } from '../../api/documents';
import { useI18n } from '../../i18n/I18nProvider';
import { type SigningPageView } from '../../signing/pageView';
import { RequestFacts } from '../SigningRequestSummary';
import { useToasts } from '../toasts/ToastProvider';

interface SignedResultProps {
  request: SigningPageData;
  document: (SigningPageView & { kind: 'signed' })['document'];
  freshDocumentUrl: () => Promise<string | null>;
}

/** After signing: a success message, then the final document once everyone has signed. */
export function SignedResult({ request, document, freshDocumentUrl }: SignedResultProps) {
  const { messages } = useI18n();
  const { notify } = useToasts();
  const texts = messages.signing.result;
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    const outcome = await fetchDocumentOrRenew(request.documentUrl, freshDocumentUrl);
    setDownloading(false);
    if (outcome.ok) saveBlob(outcome.value, request.documentName);
    else notify('danger', messages.signing.errors.downloadFile);
  };

  return (
    <section className="card card--success" aria-labelledby="signed-heading" aria-live="polite">
      <h1 id="signed-heading" tabIndex={-1}>
        {texts.title}
      </h1>
      <RequestFacts request={request} />
      <p className="signed-result__message">{texts[document]}</p>
      {document !== 'pending' && (
        <button
          type="button"
          className="button button--large"
          disabled={document === 'preparing' || downloading}
          aria-busy={document === 'preparing' || downloading}
          onClick={() => void download()}
        >
          {downloading ? texts.downloading : texts.download}
        </button>
      )}
    </section>
  );
}
