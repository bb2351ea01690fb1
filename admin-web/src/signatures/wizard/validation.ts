import {
  EXPIRY_DAYS_MAX,
  EXPIRY_DAYS_MIN,
  MAX_SIGNATORIES,
  SIGNATORY_NAME_MAX,
  SIGNATORY_ROLE_MAX,
  SIGNATURE_TITLE_MAX,
  type TemplateDefinition,
  isValidEmail,
  normalizeMobile,
} from '@esign/shared';
import { templateFormData } from './templateValues';
import { type FieldErrors, type WizardState } from './wizardState';
import { type WizardStepKey, stepsFor } from './wizardSteps';

const ERRORS = 'app.signature_wizard.errors';

export interface ValidationContext {
  /** ADVANCED signatures carry the member's logo. */
  hasLogo: boolean;
  /** The definition of the chosen template, when there is one. */
  definition: TemplateDefinition | null;
}

/** The generated document matches the chosen template and what was typed into it. */
export function templateDocumentIsCurrent(state: WizardState): boolean {
  return (
    state.document?.documentType === 'TEMPLATE' &&
    state.document.templateType === state.templateType &&
    !state.templateDirty
  );
}

function validateDocument(state: WizardState): FieldErrors {
  if (state.source === 'TEMPLATE') {
    return state.templateType ? {} : { templateType: `${ERRORS}.template_required` };
  }
  return state.document?.documentType === 'CUSTOM' ? {} : { documentId: `${ERRORS}.document_required` };
}

function validateDetails(state: WizardState, context: ValidationContext): FieldErrors {
  if (!context.definition) return { templateType: `${ERRORS}.template_required` };
  // Editing a request keeps its document; the form is only needed to regenerate it.
  if (templateDocumentIsCurrent(state)) return {};
  const values = state.templateType ? (state.templateValues[state.templateType] ?? {}) : {};
  return templateFormData(context.definition, values).errors;
}

function validateSignatories(state: WizardState): FieldErrors {
  const errors: FieldErrors = {};
  if (state.signatories.length === 0) errors.signatories = 'validation.signatoriesMin';
  if (state.signatories.length > MAX_SIGNATORIES) errors.signatories = 'validation.signatoriesMax';
  // The one-time code identifies the signatory, so each needs a phone of their own (as the API checks).
  const seenMobiles = new Set<string>();
  const generated = state.document?.documentType === 'TEMPLATE' || state.source === 'TEMPLATE';
  state.signatories.forEach((signatory, index) => {
    // On a generated document, anyone who is not a party says in what capacity they sign (a witness...).
    const role = signatory.role.trim();
    if (generated && !signatory.party && !role)
      errors[`signatories.${index}.role`] = 'validation.extraRoleRequired';
    else if (role.length > SIGNATORY_ROLE_MAX) errors[`signatories.${index}.role`] = 'validation.maxLength';
    const name = signatory.name.trim();
    if (!name) errors[`signatories.${index}.name`] = 'validation.required';
    else if (name.length > SIGNATORY_NAME_MAX) errors[`signatories.${index}.name`] = 'validation.maxLength';
    const email = signatory.email.trim();
    if (!email) errors[`signatories.${index}.email`] = 'validation.required';
    else if (!isValidEmail(email)) errors[`signatories.${index}.email`] = 'validation.email';
    const mobile = normalizeMobile(signatory.mobile);
    if (!signatory.mobile.trim()) errors[`signatories.${index}.mobile`] = 'validation.required';
    else if (!mobile) errors[`signatories.${index}.mobile`] = 'validation.mobile';
    else if (seenMobiles.has(mobile)) errors[`signatories.${index}.mobile`] = 'validation.duplicateMobile';
    if (mobile) seenMobiles.add(mobile);
  });
  return errors;
}

function validatePlacement(state: WizardState): FieldErrors {
  const pageCount = state.document?.pageCount ?? 0;
  const errors: FieldErrors = {};
  state.signatories.forEach((signatory, index) => {
    // A party signs in the frame the document prints for it.
    if (signatory.party) return;
    if (!signatory.placement) errors[`signatories.${index}.placement`] = 'validation.placementRequired';
    else if (signatory.placement.page > pageCount) {
      errors[`signatories.${index}.placement`] = 'validation.pageOutOfRange';
    }
  });
  return errors;
}

function validateOptions(state: WizardState, context: ValidationContext): FieldErrors {
  const errors: FieldErrors = {};
  const title = state.options.signatureTitle.trim();
  if (!title) errors.signatureTitle = 'validation.required';
  else if (title.length > SIGNATURE_TITLE_MAX) errors.signatureTitle = 'validation.maxLength';
  if (state.options.signingMode !== 'SIMPLE' && !context.hasLogo) {
    errors.signingMode = 'validation.logoRequired';
  }
  const pageCount = state.document?.pageCount ?? 0;
  if (state.options.sealPage < 1 || state.options.sealPage > pageCount) {
    errors.sealPage = 'validation.pageOutOfRange';
  }
  const days = (state.options.expiryDays ?? '').trim();
  if (days && !(/^\d+$/.test(days) && Number(days) >= EXPIRY_DAYS_MIN && Number(days) <= EXPIRY_DAYS_MAX)) {
    errors.expiryDays = 'app.signature_wizard.options.expiry_invalid';
  }
  return errors;
}

function validateAll(state: WizardState, context: ValidationContext): FieldErrors {
  const errors = stepsFor(state.source)
    .filter((step) => step !== 'review')
    .reduce<FieldErrors>((all, step) => ({ ...all, ...validateStep(step, state, context) }), {});
  if (state.source === 'TEMPLATE' && !templateDocumentIsCurrent(state) && Object.keys(errors).length === 0) {
    errors.formData = `${ERRORS}.generate_first`;
  }
  return errors;
}

/** What keeps the member on a step; the review step re-checks every step before sending. */
export function validateStep(
  step: WizardStepKey,
  state: WizardState,
  context: ValidationContext,
): FieldErrors {
  switch (step) {
    case 'document':
      return validateDocument(state);
    case 'details':
      return validateDetails(state, context);
    case 'signatories':
      return validateSignatories(state);
    case 'placement':
      return validatePlacement(state);
    case 'options':
      return validateOptions(state, context);
    case 'review':
      return validateAll(state, context);
  }
}
