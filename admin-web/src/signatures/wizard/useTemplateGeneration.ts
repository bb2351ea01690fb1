import { type TemplateDefinition, templateFields, templateSignatories } from '@esign/shared';
import { type Dispatch, useRef, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { pdfBlobFromBase64 } from '../../pdf/pdfFile';
import { type AppDataProvider } from '../../providers/dataProvider';
import { serverFieldErrors } from '../../common/apiErrors';
import { templateFormData } from './templateValues';
import { type WizardAction, type WizardState } from './wizardState';

export interface TemplateGeneration {
  generating: boolean;
  /** Checks the form, then (re)generates the document; true once the new document is in place. */
  generate: () => Promise<boolean>;
}

/** The form's errors keyed `formData.<field>`, whether or not the answer already prefixed them. */
function asFormDataErrors(
  errors: Record<string, string>,
  definition: TemplateDefinition,
): Record<string, string> {
  const names = new Set(templateFields(definition).map((field) => field.name));
  return Object.fromEntries(
    Object.entries(errors).map(([path, key]) => [names.has(path) ? `formData.${path}` : path, key]),
  );
}

export function useTemplateGeneration(
  state: WizardState,
  dispatch: Dispatch<WizardAction>,
  definition: TemplateDefinition | null,
): TemplateGeneration {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [generating, setGenerating] = useState(false);
  // Only documents generated here are regenerated in place; a request's stored document is never touched.
  const generatedHere = useRef(new Set<string>());

  const generate = async (): Promise<boolean> => {
    if (!definition || !state.templateType) return false;
    const { data, errors } = templateFormData(definition, state.templateValues[state.templateType] ?? {});
    if (Object.keys(errors).length > 0) {
      dispatch({ type: 'setErrors', errors });
      return false;
    }
    const previous = state.document?.documentId;
    setGenerating(true);
    try {
      const response = await dataProvider.generateTemplatePdf({
        templateType: definition.type,
        formData: data,
        documentId: previous && generatedHere.current.has(previous) ? previous : undefined,
      });
      generatedHere.current.add(response.documentId);
      const document = {
        documentType: 'TEMPLATE' as const,
        documentId: response.documentId,
        documentName: `${definition.title}.pdf`,
        templateType: definition.type,
        pageCount: response.pdfPageCount,
        preview: { kind: 'blob' as const, blob: pdfBlobFromBase64(response.pdfBase64) },
        removed: [],
        stored: false,
        layout: response.layout,
      };
      // Who signs is who the form names: the parties as generated, each in the frame printed for them.
      const parties = templateSignatories(definition, data);
      dispatch({ type: 'documentReady', document, title: definition.title, parties });
      return true;
    } catch (error) {
      const fieldErrors = asFormDataErrors(serverFieldErrors(error), definition);
      if (Object.keys(fieldErrors).length > 0) dispatch({ type: 'setErrors', errors: fieldErrors });
      notify('app.signatures.notifications.document_failed', { type: 'error' });
      return false;
    } finally {
      setGenerating(false);
    }
  };

  return { generating, generate };
}
