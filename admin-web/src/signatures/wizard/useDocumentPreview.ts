import { useQuery } from '@tanstack/react-query';
import { type Dispatch, useEffect } from 'react';
import { useDataProvider } from 'react-admin';
import { type AppDataProvider } from '../../providers/dataProvider';
import { type WizardAction, type WizardDocument } from './wizardState';

/**
 * A stored document (editing a request) is fetched through a short-lived address asked for when needed.
 * Failing only costs the preview: placements can still be chosen by page and corner.
 */
export function useDocumentPreview(
  document: WizardDocument | null,
  dispatch: Dispatch<WizardAction>,
): boolean {
  const dataProvider = useDataProvider<AppDataProvider>();
  const documentId = document?.preview ? null : (document?.documentId ?? null);
  const query = useQuery({
    queryKey: ['esign', 'document-bytes', documentId],
    queryFn: () => dataProvider.getPdfBytes(documentId as string),
    enabled: documentId !== null,
    retry: false,
    refetchOnWindowFocus: false,
    // The bytes go to the wizard's state; the cache need not hold a second copy.
    gcTime: 0,
  });
  const { data, error } = query;

  useEffect(() => {
    if (data) dispatch({ type: 'documentPreview', preview: { kind: 'blob', blob: data } });
  }, [data, dispatch]);
  useEffect(() => {
    if (error) console.error('The document preview could not be loaded', error);
  }, [error]);

  return documentId !== null && query.isError;
}
