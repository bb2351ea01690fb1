import {
  cleanSingleLine,
  type Locale,
  type SignatoryInput,
  type SignatureRequestInput,
  type SignatureRequestView,
  normalizeMobile,
} from '@esign/shared';
import { type SignatoryDraft } from './signatoryList';
import { type WizardDocument, type WizardState, initialWizardState } from './wizardState';

/** The body of `POST /api/signatures` and `PUT /api/signatures/{id}`, from a validated wizard. */
export function buildSignatureInput(state: WizardState, document: WizardDocument): SignatureRequestInput {
  return {
    signatureTitle: cleanSingleLine(state.options.signatureTitle),
    documentType: document.documentType,
    documentId: document.documentId,
    templateType: document.documentType === 'TEMPLATE' ? document.templateType : null,
    documentName: document.documentName,
    signingMode: state.options.signingMode,
    signingFlow: state.options.signingFlow,
    signatureSize: state.options.signatureSize,
    sealPage: state.options.sealPage,
    sealSize: state.options.sealSize,
    language: state.options.language,
    ...(state.options.expiryDays.trim() ? { expiryDays: Number(state.options.expiryDays.trim()) } : {}),
    signatories: state.signatories.map((signatory, index) => ({
      name: cleanSingleLine(signatory.name),
      email: signatory.email.trim().toLowerCase(),
      mobile: normalizeMobile(signatory.mobile) ?? signatory.mobile.trim(),
      order: index + 1,
      ...signatoryPlace(signatory, document),
    })),
  };
}

/** A party signs in its frame, as itself; anyone else where the member placed them, in the capacity typed. */
function signatoryPlace(
  signatory: SignatoryDraft,
  document: WizardDocument,
): Pick<SignatoryInput, 'party' | 'role' | 'placement'> {
  if (signatory.party) return { party: signatory.party, role: null, placement: null };
  const role = cleanSingleLine(signatory.role);
  return {
    ...(document.documentType === 'TEMPLATE' || role ? { party: null, role: role || null } : {}),
    // Validation has made sure every signatory who needs a place has one before this is called.
    placement: signatory.placement ?? { page: 1, position: 'bottom-right' },
  };
}

/** The wizard prefilled from an existing request, for editing it before anyone signed. */
export function wizardStateFromRequest(
  request: SignatureRequestView,
  newKey: () => string,
  fallbackLanguage: Locale,
): WizardState {
  const base = initialWizardState(request.language ?? fallbackLanguage, newKey());
  const signatories: SignatoryDraft[] = [...request.signatories]
    .sort((a, b) => a.order - b.order)
    .map((signatory) => ({
      key: newKey(),
      name: signatory.name,
      email: signatory.email,
      mobile: signatory.mobile,
      // A party's block is in its frame: it has no corner to choose.
      placement: signatory.party ? null : signatory.placement,
      party: signatory.party,
      role: signatory.role ?? '',
    }));
  return {
    ...base,
    source: request.documentType,
    templateType: request.templateType,
    document: {
      documentType: request.documentType,
      documentId: request.documentId,
      documentName: request.documentName,
      templateType: request.templateType,
      pageCount: request.pageCount,
      preview: null,
      removed: [],
      stored: true,
      layout: null,
    },
    signatories,
    options: {
      signingMode: request.signingMode,
      signingFlow: request.signingFlow,
      signatureSize: request.signatureSize,
      sealPage: request.sealPage,
      sealSize: request.sealSize,
      signatureTitle: request.signatureTitle,
      language: request.language ?? fallbackLanguage,
      expiryDays: '',
      expiresAt: request.expiresAt,
    },
    titleEdited: true,
    sealPageEdited: true,
  };
}
