import { type SignatureDetailsView, type SignatureRequestView } from '@esign/shared';
import { useCallback, useEffect, useState } from 'react';
import { HttpError, useDataProvider, useNotify } from 'react-admin';
import { type AppDataProvider } from '../../providers/dataProvider';

export type DetailsState =
  | { status: 'loading' }
  | { status: 'loaded'; details: SignatureDetailsView }
  | { status: 'failed'; notFound: boolean };

export interface SignatureDetailsResult {
  state: DetailsState;
  /** Fetches again, keeping what is shown until the answer arrives. */
  reload: () => void;
  /** Applies a change the server confirmed (a reminder's next availability, a cancellation). */
  patch: (change: Partial<SignatureRequestView>) => void;
}

/** `GET /api/signatures/{id}/details`, with the danger toast of spec §8 when it fails. */
export function useSignatureDetails(id: string): SignatureDetailsResult {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [state, setState] = useState<DetailsState>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    dataProvider.getSignatureDetails(id).then(
      (details) => {
        if (active) setState({ status: 'loaded', details });
      },
      (error: unknown) => {
        if (!active) return;
        setState({ status: 'failed', notFound: error instanceof HttpError && error.status === 404 });
        notify('app.signatures.notifications.fetch_details_failed', { type: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [dataProvider, notify, id, version]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);
  const patch = useCallback((change: Partial<SignatureRequestView>) => {
    setState((current) =>
      current.status === 'loaded' ? { ...current, details: { ...current.details, ...change } } : current,
    );
  }, []);
  return { state, reload, patch };
}
