import {
  type PdfTemplateResponse,
  type TemplateDefinition,
  templateFields,
  templateSignatories,
} from '@esign/shared';
import { useMutation } from '@tanstack/react-query';
import { type Dispatch, useRef } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { pdfBlobFromBase64 } from '../../pdf/pdfFile';
import { type AppDataProvider, type TemplatePdfRequest } from '../../providers/dataProvider';
import { serverFieldErrors } from '../../common/apiErrors';
import { MUTATION_OPTIONS } from '../../common/mutations';
import { templateFormData } from './templateValues';
import { type WizardAction, type WizardDocument, type WizardState } from './wizardState';

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

/** The wizard's document once the API generated it: not stored yet, previewed from the answer's bytes. */
function generatedDocument(response: PdfTemplateResponse, definition: TemplateDefinition): WizardDocument {
  return {
    documentType: 'TEMPLATE',
    documentId: response.documentId,
    documentName: `${definition.title}.pdf`,
    templateType: definition.type,
    pageCount: response.pdfPageCount,
    preview: { kind: 'blob', blob: pdfBlobFromBase64(response.pdfBase64) },
    removed: [],
    stored: false,
    layout: response.layout,
  };
}

export function useTemplateGeneration(
  state: WizardState,
  dispatch: Dispatch<WizardAction>,
  definition: TemplateDefinition | null,
): TemplateGeneration {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  // Only documents generated here are regenerated in place; a request's stored document is never touched.
  const generatedHere = useRef(new Set<string>());
  const { mutateAsync, isPending: generating } = useMutation({
    ...MUTATION_OPTIONS,
    mutationFn: ({ input }: { input: TemplatePdfRequest; definition: TemplateDefinition }) =>
      dataProvider.generateTemplatePdf(input),
    onSuccess: (response, { input, definition }) => {
      generatedHere.current.add(response.documentId);
      const document = generatedDocument(response, definition);
      // Who signs is who the form names: the parties as generated, each in the frame printed for them.
      const parties = templateSignatories(definition, input.formData);
      dispatch({ type: 'documentReady', document, title: definition.title, parties });
    },
    onError: (error, { definition }) => {
      const fieldErrors = asFormDataErrors(serverFieldErrors(error), definition);
      if (Object.keys(fieldErrors).length > 0) dispatch({ type: 'setErrors', errors: fieldErrors });
      notify('app.signatures.notifications.document_failed', { type: 'error' });
    },
  });

  const generate = async (): Promise<boolean> => {
    if (!definition || !state.templateType) return false;
    const { data, errors } = templateFormData(definition, state.templateValues[state.templateType] ?? {});
    if (Object.keys(errors).length > 0) {
      dispatch({ type: 'setErrors', errors });
      return false;
    }
    const previous = state.document?.documentId;
    const input: TemplatePdfRequest = {
      templateType: definition.type,
      formData: data,
      documentId: previous && generatedHere.current.has(previous) ? previous : undefined,
    };
    return mutateAsync({ input, definition }).then(
      () => true,
      () => false,
    );
  };

  return { generating, generate };
}
