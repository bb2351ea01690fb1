import { FailureCard } from '../components/FailureCard';
import { LoadingCard } from '../components/LoadingCard';
import { NothingToSignCard } from '../components/NothingToSignCard';
import { PageFrame } from '../components/PageFrame';
import { SigningRequestSummary } from '../components/SigningRequestSummary';
import { type SigningLink } from '../signingLink';
import { type SigningRequestState, useSigningRequest } from './useSigningRequest';

function SigningContent({ state, reload }: { state: SigningRequestState; reload: () => void }) {
  switch (state.kind) {
    case 'loading':
      return <LoadingCard />;
    case 'nothingToSign':
      return <NothingToSignCard />;
    case 'failed':
      return <FailureCard onRetry={reload} />;
    case 'found':
      return <SigningRequestSummary request={state.request} />;
  }
}

/** `/sign/{signatureId}?key=...`: what an external signatory sees. */
export function SigningPage({ link }: { link: SigningLink }) {
  const { state, reload } = useSigningRequest(link);
  return (
    <PageFrame>
      <SigningContent state={state} reload={reload} />
    </PageFrame>
  );
}
