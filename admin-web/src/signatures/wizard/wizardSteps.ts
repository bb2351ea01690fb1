import { type DocumentType } from '@esign/shared';

export const WIZARD_STEPS = ['document', 'details', 'signatories', 'placement', 'options', 'review'] as const;
export type WizardStepKey = (typeof WIZARD_STEPS)[number];

/** Filling in details only exists for a template; an uploaded PDF goes straight to the signatories. */
export function stepsFor(source: DocumentType): WizardStepKey[] {
  return WIZARD_STEPS.filter((step) => step !== 'details' || source === 'TEMPLATE');
}

const OPTION_FIELDS = new Set([
  'signatureTitle',
  'signingMode',
  'signingFlow',
  'signatureSize',
  'sealPage',
  'sealSize',
  'language',
]);
const DOCUMENT_FIELDS = new Set(['documentId', 'documentType', 'documentName', 'templateType']);

/** The step whose screen holds a field, by the field's path in the request body (`signatories.2.email`). */
export function stepOfField(path: string): WizardStepKey {
  const [head = '', index, field] = path.split('.');
  if (head === 'formData') return 'details';
  if (DOCUMENT_FIELDS.has(head)) return 'document';
  if (OPTION_FIELDS.has(head)) return 'options';
  if (head === 'signatories') {
    if (index === undefined) return 'signatories';
    return field === 'placement' ? 'placement' : 'signatories';
  }
  return 'review';
}

/** The earliest step of `steps` that has an error, if any. */
export function firstStepWithErrors(
  errors: Readonly<Record<string, string>>,
  steps: readonly WizardStepKey[],
): WizardStepKey | null {
  const erroneous = new Set(Object.keys(errors).map(stepOfField));
  return steps.find((step) => erroneous.has(step)) ?? (erroneous.size > 0 ? 'review' : null);
}

/** The errors that belong to one step's screen. */
export function errorsOfStep(
  errors: Readonly<Record<string, string>>,
  step: WizardStepKey,
): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => stepOfField(path) === step));
}
