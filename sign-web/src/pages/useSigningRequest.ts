import { useCallback, useEffect, useState } from 'react';
import { fetchSigningRequest } from '../api/signingRequests';
import { type SigningRequestResult } from '../api/types';
import { type SigningLink } from '../signingLink';

export type SigningRequestState = { kind: 'loading' } | SigningRequestResult;

/** Loads the request the link points to; a link without id or key has nothing to sign. */
export function useSigningRequest({ signatureId, key }: SigningLink): {
  state: SigningRequestState;
  reload: () => void;
} {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<SigningRequestState>(() =>
    signatureId && key ? { kind: 'loading' } : { kind: 'nothingToSign' },
  );

  useEffect(() => {
    if (!signatureId || !key) return;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    fetchSigningRequest(signatureId, key, controller.signal).then(setState, () => {
      // Only an abort rejects, and then the page is moving on.
    });
    return () => controller.abort();
  }, [signatureId, key, attempt]);

  const reload = useCallback(() => setAttempt((previous) => previous + 1), []);
  return { state, reload };
}
