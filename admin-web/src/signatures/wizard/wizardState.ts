import {
  type DocumentType,
  type Locale,
  type PdfRepair,
  type SignaturePlacement,
  type SignatureSize,
  type SigningFlow,
  type SigningMode,
  type SignatureLayout,
  type TemplateSignatory,
  type TemplateType,
} from '@esign/shared';
import { type PdfSource } from '../../pdf/pdfSource';
import {
  type SignatoryDraft,
  dropPlacementsBeyond,
  emptySignatory,
  moveItem,
  resetPlacements,
  withTemplateParties,
} from './signatoryList';
import { type TemplateItemAction, applyTemplateItemAction, staleErrorPaths } from './templateItems';
import { type TemplateValuesByType } from './templateValues';
import { type WizardStepKey } from './wizardSteps';

/** The document the request will be signed on, once uploaded and checked or generated. */
export interface WizardDocument {
  documentType: DocumentType;
  documentId: string;
  documentName: string;
  templateType: TemplateType | null;
  pageCount: number;
  /** Null until a stored document's address is known (editing a request). */
  preview: PdfSource | null;
  /** What the server's normalisation took out of an uploaded PDF. */
  removed: string[];
  /** What the server mended in an uploaded PDF (rebuilt after damage, decrypted); absent in older drafts. */
  repairs?: PdfRepair[];
  /** The document of the request being edited, as opposed to one uploaded or generated in this wizard. */
  stored: boolean;
  /** A document generated here: where each party signs, the agency's box and the seal's area. */
  layout: SignatureLayout | null;
}

export interface WizardOptions {
  signingMode: SigningMode;
  signingFlow: SigningFlow;
  signatureSize: SignatureSize;
  sealPage: number;
  sealSize: SignatureSize;
  signatureTitle: string;
  language: Locale;
  /**
   * Days the request can be signed for, as typed: '' leaves it to the server (REQUEST_EXPIRY_DAYS for a new
   * request; the current date for a change).
   */
  expiryDays: string;
  /** The current expiry date of the request being changed, shown beside the field; null for a new one. */
  expiresAt: string | null;
}

export type FieldErrors = Record<string, string>;

export interface WizardState {
  step: WizardStepKey;
  source: DocumentType;
  templateType: TemplateType | null;
  /** Kept per template, so switching back and forth loses nothing. */
  templateValues: TemplateValuesByType;
  /** The template's values changed since the document was generated from them. */
  templateDirty: boolean;
  document: WizardDocument | null;
  signatories: SignatoryDraft[];
  options: WizardOptions;
  /** Once the member types a title or picks a seal page, a new document no longer overrides it. */
  titleEdited: boolean;
  sealPageEdited: boolean;
  errors: FieldErrors;
}

export type SignatoryField = 'name' | 'email' | 'mobile' | 'role';

export type WizardAction =
  | { type: 'goTo'; step: WizardStepKey }
  | { type: 'chooseSource'; source: DocumentType }
  | {
      type: 'chooseTemplate';
      templateType: TemplateType;
      /** Values a template starts with the first time it is chosen (the agency's, from the profile). */
      prefill?: Readonly<Record<string, string>>;
    }
  | { type: 'setTemplateValue'; name: string; value: string | boolean }
  | TemplateItemAction
  | {
      type: 'documentReady';
      document: WizardDocument;
      title: string;
      /** A generated document's parties, who become its signatories. */
      parties?: readonly TemplateSignatory[];
    }
  | { type: 'documentPreview'; preview: PdfSource }
  | { type: 'addSignatory'; key: string }
  | { type: 'updateSignatory'; key: string; field: SignatoryField; value: string }
  | { type: 'removeSignatory'; key: string }
  | { type: 'moveSignatory'; from: number; to: number }
  | { type: 'placeSignatory'; key: string; placement: SignaturePlacement | null }
  | { type: 'resetPlacements' }
  | { type: 'setOptions'; options: Partial<WizardOptions> }
  | { type: 'setErrors'; errors: FieldErrors };

export function initialWizardState(language: Locale, firstSignatoryKey: string): WizardState {
  return {
    step: 'document',
    source: 'CUSTOM',
    templateType: null,
    templateValues: {},
    templateDirty: false,
    document: null,
    signatories: [emptySignatory(firstSignatoryKey)],
    options: {
      signingMode: 'SIMPLE',
      signingFlow: 'CONCURRENT',
      signatureSize: 'default',
      sealPage: 1,
      sealSize: 'default',
      signatureTitle: '',
      language,
      expiryDays: '',
      expiresAt: null,
    },
    titleEdited: false,
    sealPageEdited: false,
    errors: {},
  };
}

function withoutErrors(errors: FieldErrors, matches: (path: string) => boolean): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => !matches(path)));
}

const isSignatoryError = (path: string) => path.startsWith('signatories');

function indexOf(state: WizardState, key: string): number {
  return state.signatories.findIndex((signatory) => signatory.key === key);
}

function updateSignatories(
  state: WizardState,
  key: string,
  change: (signatory: SignatoryDraft) => SignatoryDraft,
  clearPath: string,
): WizardState {
  const index = indexOf(state, key);
  return {
    ...state,
    signatories: state.signatories.map((signatory) =>
      signatory.key === key ? change(signatory) : signatory,
    ),
    errors: withoutErrors(
      state.errors,
      (path) => path === 'signatories' || path.startsWith(`signatories.${index}.${clearPath}`),
    ),
  };
}

function documentReady(
  state: WizardState,
  document: WizardDocument,
  title: string,
  parties: readonly TemplateSignatory[] | undefined,
): WizardState {
  const signatories = parties ? withTemplateParties(state.signatories, parties) : state.signatories;
  return {
    ...state,
    document,
    templateDirty: document.documentType === 'TEMPLATE' ? false : state.templateDirty,
    signatories: dropPlacementsBeyond(signatories, document.pageCount),
    options: {
      ...state.options,
      signatureTitle: state.titleEdited ? state.options.signatureTitle : title,
      // The chamber's seal goes on the last page unless the member chose otherwise.
      sealPage:
        state.sealPageEdited && state.options.sealPage <= document.pageCount
          ? state.options.sealPage
          : document.pageCount,
    },
    errors: withoutErrors(
      state.errors,
      (path) =>
        path.startsWith('document') ||
        path.startsWith('formData') ||
        (parties !== undefined && isSignatoryError(path)),
    ),
  };
}

function setOptions(state: WizardState, options: Partial<WizardOptions>): WizardState {
  return {
    ...state,
    options: { ...state.options, ...options },
    titleEdited: state.titleEdited || options.signatureTitle !== undefined,
    sealPageEdited: state.sealPageEdited || options.sealPage !== undefined,
    errors: withoutErrors(state.errors, (path) => Object.keys(options).includes(path)),
  };
}

type SignatoryAction = Extract<
  WizardAction,
  {
    type:
      | 'addSignatory'
      | 'updateSignatory'
      | 'placeSignatory'
      | 'removeSignatory'
      | 'moveSignatory'
      | 'resetPlacements';
  }
>;

function signatoryReducer(state: WizardState, action: SignatoryAction): WizardState {
  switch (action.type) {
    case 'addSignatory':
      return { ...state, signatories: [...state.signatories, emptySignatory(action.key)] };
    case 'updateSignatory':
      return updateSignatories(
        state,
        action.key,
        (s) => ({ ...s, [action.field]: action.value }),
        action.field,
      );
    case 'placeSignatory':
      return updateSignatories(
        state,
        action.key,
        (s) => ({ ...s, placement: action.placement }),
        'placement',
      );
    case 'removeSignatory':
      // Errors are keyed by position, which every later signatory just lost.
      return {
        ...state,
        signatories: state.signatories.filter((signatory) => signatory.key !== action.key),
        errors: withoutErrors(state.errors, isSignatoryError),
      };
    case 'moveSignatory':
      return {
        ...state,
        signatories: moveItem(state.signatories, action.from, action.to),
        errors: withoutErrors(state.errors, isSignatoryError),
      };
    case 'resetPlacements':
      return { ...state, signatories: resetPlacements(state.signatories) };
  }
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'goTo':
      return { ...state, step: action.step };
    case 'chooseSource':
      return {
        ...state,
        source: action.source,
        errors: withoutErrors(state.errors, (p) => p.startsWith('doc')),
      };
    case 'chooseTemplate':
      return {
        ...state,
        templateType: action.templateType,
        // Only a template never opened yet: what the member typed or cleared is theirs.
        templateValues:
          state.templateValues[action.templateType] === undefined && action.prefill
            ? { ...state.templateValues, [action.templateType]: { ...action.prefill } }
            : state.templateValues,
        templateDirty: state.document?.templateType !== action.templateType,
        errors: withoutErrors(state.errors, (path) => path === 'templateType'),
      };
    case 'setTemplateValue': {
      if (!state.templateType) return state;
      const values = { ...state.templateValues[state.templateType], [action.name]: action.value };
      return {
        ...state,
        templateValues: { ...state.templateValues, [state.templateType]: values },
        templateDirty: true,
        errors: withoutErrors(state.errors, (path) => path === `formData.${action.name}`),
      };
    }
    case 'setTemplateItemValue':
    case 'addTemplateItem':
    case 'removeTemplateItem': {
      if (!state.templateType) return state;
      const values = applyTemplateItemAction(state.templateValues[state.templateType] ?? {}, action);
      return {
        ...state,
        templateValues: { ...state.templateValues, [state.templateType]: values },
        templateDirty: true,
        errors: withoutErrors(state.errors, staleErrorPaths(action)),
      };
    }
    case 'documentReady':
      return documentReady(state, action.document, action.title, action.parties);
    case 'documentPreview':
      return state.document ? { ...state, document: { ...state.document, preview: action.preview } } : state;
    case 'setOptions':
      return setOptions(state, action.options);
    case 'setErrors':
      return { ...state, errors: action.errors };
    case 'addSignatory':
    case 'updateSignatory':
    case 'placeSignatory':
    case 'removeSignatory':
    case 'moveSignatory':
    case 'resetPlacements':
      return signatoryReducer(state, action);
  }
}
