import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';

export type ApiResource<T> =
  { status: 'loading' } | { status: 'loaded'; value: T } | { status: 'failed'; error: unknown };

/**
 * One API read through react-admin's query client, keyed by what it asks for: an answer for a previous key
 * (a month chosen meanwhile) never shows, a page opened again shows what it had while it asks afresh, and
 * `reload` keeps the figures on screen until the new ones arrive. A failure is shown at once, not retried.
 */
export function useApiResource<T>(
  load: () => Promise<T>,
  key: readonly unknown[],
): { state: ApiResource<T>; reload: () => void } {
  const query = useQuery({
    queryKey: ['esign', ...key],
    queryFn: load,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const state: ApiResource<T> =
    query.status === 'pending'
      ? { status: 'loading' }
      : query.status === 'error'
        ? { status: 'failed', error: query.error }
        : { status: 'loaded', value: query.data };
  return { state, reload };
}
