import { useCallback, useEffect, useRef, useState } from 'react';

export type ApiResource<T> =
  { status: 'loading' } | { status: 'loaded'; value: T } | { status: 'failed'; error: unknown };

/**
 * Loads once per `key` and on `reload`; an answer that arrives after the key changed (a new month chosen
 * meanwhile) is dropped, so the screen never shows the figures of the previous choice.
 */
export function useApiResource<T>(
  load: () => Promise<T>,
  key: string,
): { state: ApiResource<T>; reload: () => void } {
  const [state, setState] = useState<ApiResource<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  // `load` is a new function on every render; the key says when it asks for something else. Kept in a ref
  // updated by an effect declared first, so the loading effect below always calls the latest one.
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });

  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    loader.current().then(
      (value) => {
        if (active) setState({ status: 'loaded', value });
      },
      (error: unknown) => {
        if (active) setState({ status: 'failed', error });
      },
    );
    return () => {
      active = false;
    };
  }, [loader, key, version]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);
  return { state, reload };
}
