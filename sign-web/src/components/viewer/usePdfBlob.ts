import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchDocumentOrRenew } from '../../api/documents';
import { takeEarlyDocument } from '../../earlyLoads';

export type PdfBlobState = { kind: 'loading' } | { kind: 'ready'; blob: Blob } | { kind: 'failed' };

/**
 * The PDF's bytes, fetched once: the viewer, printing, saving and the properties all use them, and the
 * page data's later refreshes (each with a new short-lived address) do not load the document again.
 */
export function usePdfBlob(documentUrl: string, freshDocumentUrl: () => Promise<string | null>) {
  const [state, setState] = useState<PdfBlobState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const firstUrl = useRef(documentUrl);
  const renew = useRef(freshDocumentUrl);
  useEffect(() => {
    renew.current = freshDocumentUrl;
  }, [freshDocumentUrl]);

  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    // A retry asks for a fresh address straight away: the failed one may have expired.
    const load = async () => {
      const url = attempt === 0 ? firstUrl.current : await renew.current();
      if (url === null) return { ok: false } as const;
      // The first load may already be on its way since the page started (earlyLoads).
      const started = attempt === 0 ? takeEarlyDocument(url) : null;
      return fetchDocumentOrRenew(url, () => renew.current(), controller.signal, started ?? undefined);
    };
    load().then(
      (outcome) => {
        if (controller.signal.aborted) return;
        setState(outcome.ok ? { kind: 'ready', blob: outcome.value } : { kind: 'failed' });
      },
      () => {
        // Aborted: the viewer is gone.
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry };
}
