import { type SigningPageData } from '@esign/shared';
import { useCallback, useEffect, useState } from 'react';
import { type SigningRequestResult } from '../api/types';
import { DocumentViewer } from '../components/DocumentViewer';
import { NothingToSignCard } from '../components/NothingToSignCard';
import { SigningRequestSummary } from '../components/SigningRequestSummary';
import { SignFooter, WaitForTurnNotice } from '../components/signing/SignFooter';
import { SignedResult } from '../components/signing/SignedResult';
import { SigningDialog } from '../components/signing/SigningDialog';
import { type OpenSigningLink, useSigningFlow } from '../components/signing/useSigningFlow';
import { useToasts } from '../components/toasts/ToastProvider';
import { useI18n } from '../i18n/I18nProvider';
import { signingPageView } from '../signing/pageView';

interface SigningSessionProps {
  link: OpenSigningLink;
  request: SigningPageData;
  refresh: () => Promise<SigningRequestResult>;
}

/** A request the link opened: the document and Sign, a wait for one's turn, or the signed result. */
export function SigningSession({ link, request, refresh }: SigningSessionProps) {
  const { messages, suggestLocale } = useI18n();
  const { notify } = useToasts();
  useEffect(() => suggestLocale(request.language), [request.language, suggestLocale]);
  const view = signingPageView(request);
  const [dialogOpen, setDialogOpen] = useState(false);
  const closeDialog = useCallback(() => setDialogOpen(false), []);
  const flow = useSigningFlow({ link, request, refresh, onMovedOn: closeDialog });
  const freshDocumentUrl = useCallback(async () => {
    const result = await refresh();
    if (result.kind === 'failed') notify('danger', messages.signing.errors.fetchSignature);
    return result.kind === 'found' ? result.request.documentUrl : null;
  }, [refresh, notify, messages]);

  return (
    <>
      {view.kind === 'nothingToSign' && <NothingToSignCard />}
      {(view.kind === 'sign' || view.kind === 'waitForTurn') && (
        <>
          <SigningRequestSummary request={request} />
          <DocumentViewer
            documentUrl={request.documentUrl}
            documentName={request.documentName}
            freshDocumentUrl={freshDocumentUrl}
          />
          {view.kind === 'sign' ? <SignFooter onSign={() => setDialogOpen(true)} /> : <WaitForTurnNotice />}
        </>
      )}
      {view.kind === 'signed' && (
        <SignedResult request={request} document={view.document} freshDocumentUrl={freshDocumentUrl} />
      )}
      <SigningDialog open={dialogOpen} onClose={closeDialog} flow={flow} request={request} />
    </>
  );
}
