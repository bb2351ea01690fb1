import { type SigningPageData } from '@esign/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reportDocumentViewed } from '../api/signingRequests';
import { type SigningRequestResult } from '../api/types';
import { DocumentViewer } from '../components/DocumentViewer';
import { NothingToSignCard } from '../components/NothingToSignCard';
import { SigningRequestSummary } from '../components/SigningRequestSummary';
import { DeclineDialog } from '../components/signing/DeclineDialog';
import { SignFooter, WaitForTurnNotice } from '../components/signing/SignFooter';
import { SignedResult } from '../components/signing/SignedResult';
import { SigningDialog } from '../components/signing/SigningDialog';
import { type OpenSigningLink, useSigningFlow } from '../components/signing/useSigningFlow';
import { useToasts } from '../components/toasts/ToastProvider';
import { type DocumentDisplay, type ViewerStatus } from '../components/viewer/types';
import { useI18n } from '../i18n/I18nProvider';
import { signingPageView } from '../signing/pageView';

interface SigningSessionProps {
  link: OpenSigningLink;
  request: SigningPageData;
  refresh: () => Promise<SigningRequestResult>;
  /** The signatory declined (at the instant given): the page says so in place of the request. */
  onDeclined: (declinedAt: string) => void;
}

/**
 * A request the link opened: the document and Sign, a wait for one's turn, or the signed result. Sign is
 * enabled only once the viewer painted the document's first page, and that display is reported to the
 * server (the hash of the bytes rendered, the page count, when) before any code is asked for.
 */
export function SigningSession({ link, request, refresh, onDeclined }: SigningSessionProps) {
  const { messages, suggestLocale, locale } = useI18n();
  const { notify } = useToasts();
  useEffect(() => suggestLocale(request.language), [request.language, suggestLocale]);
  const view = signingPageView(request);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [declineOpen, setDeclineOpen] = useState(false);
  const [viewer, setViewer] = useState<ViewerStatus>({ kind: 'loading' });
  // Each new load of the document (after another signatory's signature) gets a fresh viewer.
  const [documentLoad, setDocumentLoad] = useState(0);
  const viewReport = useRef<{ display: DocumentDisplay; recorded: Promise<boolean> } | null>(null);
  const closeDialog = useCallback(() => setDialogOpen(false), []);
  const language = useRef(locale);
  useEffect(() => {
    language.current = locale;
  }, [locale]);

  const report = useCallback(
    (display: DocumentDisplay) =>
      reportDocumentViewed(link.signatureId, link.key, { ...display, language: language.current }).then(
        (outcome) => outcome.ok,
        () => false,
      ),
    [link],
  );

  const onViewerStatus = useCallback(
    (status: ViewerStatus) => {
      setViewer(status);
      if (status.kind === 'displayed' && viewReport.current?.display !== status.display) {
        viewReport.current = { display: status.display, recorded: report(status.display) };
      }
    },
    [report],
  );

  /** The display on record: sent again once if the first report did not get through. */
  const ensureViewRecorded = useCallback(async () => {
    const current = viewReport.current;
    if (!current) return false;
    if (await current.recorded) return true;
    current.recorded = report(current.display);
    return current.recorded;
  }, [report]);

  const reloadDocument = useCallback(() => {
    viewReport.current = null;
    setViewer({ kind: 'loading' });
    setDocumentLoad((count) => count + 1);
  }, []);

  const flow = useSigningFlow({
    link,
    request,
    refresh,
    onMovedOn: closeDialog,
    onDocumentStale: reloadDocument,
    ensureViewRecorded,
  });
  // Back at the code step after a reload: the dialog opens again once the document is displayed.
  const [resumePending, setResumePending] = useState(flow.resumed);
  useEffect(() => {
    if (!resumePending || viewer.kind !== 'displayed' || view.kind !== 'sign') return;
    setResumePending(false);
    setDialogOpen(true);
  }, [resumePending, viewer.kind, view.kind]);
  const freshDocumentUrl = useCallback(async () => {
    const result = await refresh();
    if (result.kind === 'failed') notify('danger', messages.signing.errors.fetchSignature);
    return result.kind === 'found' ? result.request.documentUrl : null;
  }, [refresh, notify, messages]);
  const onDeclineNotTaken = useCallback(() => void refresh(), [refresh]);

  return (
    <>
      {view.kind === 'nothingToSign' && <NothingToSignCard />}
      {(view.kind === 'sign' || view.kind === 'waitForTurn') && (
        <>
          <SigningRequestSummary request={request} onDecline={() => setDeclineOpen(true)} />
          <DocumentViewer
            key={documentLoad}
            documentUrl={request.documentUrl}
            documentName={request.documentName}
            freshDocumentUrl={freshDocumentUrl}
            onStatus={onViewerStatus}
          />
          {view.kind === 'sign' ? (
            <SignFooter
              viewer={viewer.kind}
              onSign={() => {
                if (viewer.kind === 'displayed') setDialogOpen(true);
              }}
            />
          ) : (
            <WaitForTurnNotice />
          )}
        </>
      )}
      {view.kind === 'signed' && (
        <SignedResult request={request} document={view.document} freshDocumentUrl={freshDocumentUrl} />
      )}
      <SigningDialog open={dialogOpen} onClose={closeDialog} flow={flow} request={request} />
      <DeclineDialog
        open={declineOpen}
        onClose={() => setDeclineOpen(false)}
        link={link}
        request={request}
        onDeclined={onDeclined}
        onMovedOn={onDeclineNotTaken}
      />
    </>
  );
}
