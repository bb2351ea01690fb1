import { ClosedRequestCard } from '../components/ClosedRequestCard';
import { FailureCard } from '../components/FailureCard';
import { LoadingCard } from '../components/LoadingCard';
import { NothingToSignCard } from '../components/NothingToSignCard';
import { PageFrame } from '../components/PageFrame';
import { YouDeclinedCard } from '../components/YouDeclinedCard';
import { QualifiedReturnNotice } from '../components/signing/QualifiedReturnNotice';
import { type QualifiedOutcome } from '../signing/qualifiedReturn';
import { type SigningLink } from '../signingLink';
import { SigningSession } from './SigningSession';
import { useSigningRequest } from './useSigningRequest';

/** `/sign/{signatureId}?key=...`: what an external signatory sees. */
export function SigningPage({
  link,
  qualifiedOutcome = null,
}: {
  link: SigningLink;
  /** Back from the qualified provider: how it went, said once at the top of the page. */
  qualifiedOutcome?: QualifiedOutcome | null;
}) {
  const { state, reload, refresh, showYouDeclined } = useSigningRequest(link);
  const { signatureId, key } = link;
  if (qualifiedOutcome && !key) {
    // Another tab or device came back: the outcome is known, the link's key is not.
    return (
      <PageFrame wide={false}>
        <QualifiedReturnNotice outcome={qualifiedOutcome} withoutLink />
      </PageFrame>
    );
  }
  return (
    <PageFrame wide={state.kind === 'found'}>
      {qualifiedOutcome && <QualifiedReturnNotice outcome={qualifiedOutcome} />}
      {state.kind === 'loading' && <LoadingCard />}
      {state.kind === 'nothingToSign' && <NothingToSignCard />}
      {((state.kind === 'declined' && !state.byYou) || state.kind === 'expired') && (
        <ClosedRequestCard reason={state.kind} closedAt={state.closedAt} language={state.language} />
      )}
      {state.kind === 'declined' && state.byYou && <YouDeclinedCard language={state.language} />}
      {state.kind === 'failed' && <FailureCard onRetry={reload} />}
      {state.kind === 'found' && signatureId && key && (
        <SigningSession
          link={{ signatureId, key }}
          request={state.request}
          refresh={refresh}
          onDeclined={showYouDeclined}
        />
      )}
    </PageFrame>
  );
}
