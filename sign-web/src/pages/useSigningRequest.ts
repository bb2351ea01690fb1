import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchSigningRequest } from '../api/signingRequests';
import { takeEarlySigningRequest } from '../earlyLoads';
import { type SigningRequestResult } from '../api/types';
import { pollInterval, signingPageView } from '../signing/pageView';
import { type SigningLink } from '../signingLink';

export type SigningRequestState = { kind: 'loading' } | SigningRequestResult;

export interface SigningRequestHandle {
  state: SigningRequestState;
  /** Loads again from scratch, showing the loading card (after a failure). */
  reload: () => void;
  /**
   * Loads again behind the scenes (a fresh document address, the status after signing). A failed
   * refresh keeps what is shown; a request that is gone shows "nothing to sign".
   */
  refresh: () => Promise<SigningRequestResult>;
  /**
   * The signatory's own refusal is on record: the page says so without asking the server again (it would
   * answer the same, as a 410 the browser logs as an error).
   */
  showYouDeclined: (declinedAt: string) => void;
}

/** Loads the request the link points to, and polls it while the final document is on its way. */
export function useSigningRequest({ signatureId, key }: SigningLink): SigningRequestHandle {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<SigningRequestState>(() =>
    signatureId && key ? { kind: 'loading' } : { kind: 'nothingToSign' },
  );
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!signatureId || !key) return;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    const started = attempt === 0 ? takeEarlySigningRequest({ signatureId, key }) : null;
    (started ?? fetchSigningRequest(signatureId, key, controller.signal)).then(
      (result) => {
        if (!controller.signal.aborted) setState(result);
      },
      () => {
        // Only an abort rejects, and then the page is moving on.
      },
    );
    return () => controller.abort();
  }, [signatureId, key, attempt]);

  const refresh = useCallback(async (): Promise<SigningRequestResult> => {
    if (!signatureId || !key) return { kind: 'nothingToSign' };
    const result = await fetchSigningRequest(signatureId, key);
    // The signatory's own refusal stays said: an answer that was on its way is older.
    if (mounted.current && result.kind !== 'failed') {
      setState((previous) => (previous.kind === 'declined' && previous.byYou ? previous : result));
    }
    return result;
  }, [signatureId, key]);

  const interval = state.kind === 'found' ? pollInterval(signingPageView(state.request)) : null;
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    if (interval === null) return;
    const timer = window.setTimeout(() => {
      void refresh().then(() => {
        if (mounted.current) setPolls((count) => count + 1);
      });
    }, interval);
    return () => window.clearTimeout(timer);
  }, [interval, polls, refresh]);

  const reload = useCallback(() => setAttempt((previous) => previous + 1), []);
  const showYouDeclined = useCallback(
    (declinedAt: string) => setState({ kind: 'declined', closedAt: declinedAt, language: null, byYou: true }),
    [],
  );
  return { state, reload, refresh, showYouDeclined };
}
