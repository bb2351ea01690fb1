import { type SignatureDetailsView, type SignatureRequestView } from '@esign/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
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

const detailsKey = (id: string) => ['esign', 'signature-details', id] as const;

/**
 * `GET /api/signatures/{id}/details`, with the danger toast when it fails. Each reading is an
 * audit event on the server, so the page asks when it opens or is told to, not when the window regains focus.
 */
export function useSignatureDetails(id: string): SignatureDetailsResult {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: detailsKey(id),
    queryFn: () => dataProvider.getSignatureDetails(id),
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // Not kept once the page is left: opened again, it shows the trail as it is now, never an older one.
    gcTime: 0,
  });
  const { refetch, errorUpdatedAt, isError } = query;

  useEffect(() => {
    if (isError) notify('app.signatures.notifications.fetch_details_failed', { type: 'error' });
  }, [isError, errorUpdatedAt, notify]);

  const reload = useCallback(() => void refetch(), [refetch]);
  const patch = useCallback(
    (change: Partial<SignatureRequestView>) =>
      queryClient.setQueryData<SignatureDetailsView>(detailsKey(id), (current) =>
        current ? { ...current, ...change } : current,
      ),
    [queryClient, id],
  );
  const state: DetailsState =
    query.status === 'pending'
      ? { status: 'loading' }
      : query.status === 'error'
        ? { status: 'failed', notFound: query.error instanceof HttpError && query.error.status === 404 }
        : { status: 'loaded', details: query.data };
  return { state, reload, patch };
}
