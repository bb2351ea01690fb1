import { ClosedRequestCard } from '../components/ClosedRequestCard';
import { FailureCard } from '../components/FailureCard';
import { LoadingCard } from '../components/LoadingCard';
import { NothingToSignCard } from '../components/NothingToSignCard';
import { PageFrame } from '../components/PageFrame';
import { YouDeclinedCard } from '../components/YouDeclinedCard';
import { type SigningLink } from '../signingLink';
import { SigningSession } from './SigningSession';
import { useSigningRequest } from './useSigningRequest';

/** `/sign/{signatureId}?key=...`: what an external signatory sees. */
export function SigningPage({ link }: { link: SigningLink }) {
  const { state, reload, refresh, showYouDeclined } = useSigningRequest(link);
  const { signatureId, key } = link;
  return (
    <PageFrame wide={state.kind === 'found'}>
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
