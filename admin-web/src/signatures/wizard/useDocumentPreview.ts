import { type Dispatch, useEffect, useState } from 'react';
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
  const [failed, setFailed] = useState(false);
  const documentId = document?.preview ? null : (document?.documentId ?? null);

  useEffect(() => {
    if (!documentId) return;
    let active = true;
    setFailed(false);
    dataProvider.getPdfBytes(documentId).then(
      (blob) => {
        if (active) dispatch({ type: 'documentPreview', preview: { kind: 'blob', blob } });
      },
      (error: unknown) => {
        console.error('The document preview could not be loaded', error);
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [dataProvider, dispatch, documentId]);

  return failed;
}
