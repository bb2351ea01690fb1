import {
  DOCUMENT_TYPES,
  LOCALES,
  PDF_REPAIRS,
  PLACEMENT_POSITIONS,
  SIGNATURE_SIZES,
  SIGNING_FLOWS,
  SIGNING_MODES,
  TEMPLATE_TYPES,
  type TemplateType,
} from '@esign/shared';
import { type SignatoryDraft } from './signatoryList';
import { type TemplateItemValues, type TemplateValues, type TemplateValuesByType } from './templateValues';
import { type WizardDocument, type WizardOptions, type WizardState } from './wizardState';
import { WIZARD_STEPS, stepsFor } from './wizardSteps';

/** Bumped whenever the saved shape changes: an older draft is then ignored rather than misread. */
export const WIZARD_DRAFT_VERSION = 2;
/**
 * A draft holds the clients' personal data (names, identity numbers, addresses): it is not kept on the
 * device longer than a working week's pause needs. An older one is removed when next read.
 */
export const WIZARD_DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** What a new request keeps across reloads: the answers, never the PDF bytes nor the errors shown. */
export interface WizardDraft {
  version: typeof WIZARD_DRAFT_VERSION;
  /** When it was written, in milliseconds since the epoch. */
  savedAt: number;
  state: Omit<WizardState, 'errors' | 'document'> & {
    document: Omit<WizardDocument, 'preview'> | null;
  };
}

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Per user: whoever signs in next on the same browser never sees another member's draft. */
export function wizardDraftKey(userId: string): string {
  return `esign.signatureWizardDraft.${userId}`;
}

function withoutBytes(document: WizardDocument): Omit<WizardDocument, 'preview'> {
  const { preview: _preview, ...reference } = document;
  return reference;
}

export function serialiseDraft(state: WizardState, now = Date.now()): string {
  const { errors: _errors, document, ...kept } = state;
  // The bytes stay out: the document is fetched again by its id, as when editing a request.
  const draft: WizardDraft = {
    version: WIZARD_DRAFT_VERSION,
    savedAt: now,
    state: { ...kept, document: document ? withoutBytes(document) : null },
  };
  return JSON.stringify(draft);
}

/** Whether a state holds anything the member would miss; an untouched wizard is not worth restoring. */
export function hasDraftContent(state: WizardState): boolean {
  return (
    state.document !== null ||
    state.templateType !== null ||
    state.options.signatureTitle.trim() !== '' ||
    state.signatories.some((signatory) => signatory.name || signatory.email || signatory.mobile)
  );
}

type Guard<T> = (value: unknown) => value is T;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isPositiveInt = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1;
const oneOf =
  <T extends string>(allowed: readonly T[]): Guard<T> =>
  (value): value is T =>
    typeof value === 'string' && (allowed as readonly string[]).includes(value);
const isAnswer = (value: unknown): value is string | boolean => isString(value) || isBoolean(value);

function isItemValues(value: unknown): value is TemplateItemValues {
  return isRecord(value) && Object.values(value).every(isAnswer);
}

function isTemplateValues(value: unknown): value is TemplateValues {
  return (
    isRecord(value) &&
    Object.values(value).every(
      (answer) => isAnswer(answer) || (Array.isArray(answer) && answer.every(isItemValues)),
    )
  );
}

function isValuesByType(value: unknown): value is TemplateValuesByType {
  return (
    isRecord(value) &&
    Object.entries(value).every(([type, values]) => oneOf(TEMPLATE_TYPES)(type) && isTemplateValues(values))
  );
}

/** A draft saved before signatories had parties and roles has neither: it reads as party-less. */
function isSignatory(
  value: unknown,
): value is Omit<SignatoryDraft, 'party' | 'role'> & Partial<SignatoryDraft> {
  if (!isRecord(value)) return false;
  const { placement } = value;
  return (
    isString(value.key) &&
    isString(value.name) &&
    isString(value.email) &&
    isString(value.mobile) &&
    (value.party === undefined || value.party === null || isString(value.party)) &&
    (value.role === undefined || isString(value.role)) &&
    (placement === null ||
      (isRecord(placement) &&
        isPositiveInt(placement.page) &&
        oneOf(PLACEMENT_POSITIONS)(placement.position)))
  );
}

function isOptions(value: unknown): value is WizardOptions {
  return (
    isRecord(value) &&
    oneOf(SIGNING_MODES)(value.signingMode) &&
    oneOf(SIGNING_FLOWS)(value.signingFlow) &&
    oneOf(SIGNATURE_SIZES)(value.signatureSize) &&
    isPositiveInt(value.sealPage) &&
    oneOf(SIGNATURE_SIZES)(value.sealSize) &&
    isString(value.signatureTitle) &&
    oneOf(LOCALES)(value.language) &&
    // Drafts saved before expiry dates existed have neither field: they leave the default.
    (value.expiryDays === undefined || isString(value.expiryDays)) &&
    (value.expiresAt === undefined || value.expiresAt === null)
  );
}

function isDocument(value: unknown): value is Omit<WizardDocument, 'preview'> {
  return (
    isRecord(value) &&
    oneOf(DOCUMENT_TYPES)(value.documentType) &&
    isString(value.documentId) &&
    isString(value.documentName) &&
    (value.templateType === null || oneOf(TEMPLATE_TYPES)(value.templateType)) &&
    isPositiveInt(value.pageCount) &&
    Array.isArray(value.removed) &&
    value.removed.every(isString) &&
    (value.repairs === undefined ||
      (Array.isArray(value.repairs) && value.repairs.every(oneOf(PDF_REPAIRS)))) &&
    value.stored === false &&
    // Where the parties sign, as the server answered; only shown, the server checks against its own copy.
    (value.layout === undefined ||
      value.layout === null ||
      (isRecord(value.layout) && Array.isArray(value.layout.frames) && Array.isArray(value.layout.boxes)))
  );
}

function isDraftState(value: unknown): value is WizardDraft['state'] {
  return (
    isRecord(value) &&
    oneOf(WIZARD_STEPS)(value.step) &&
    oneOf(DOCUMENT_TYPES)(value.source) &&
    (value.templateType === null || oneOf<TemplateType>(TEMPLATE_TYPES)(value.templateType)) &&
    isValuesByType(value.templateValues) &&
    isBoolean(value.templateDirty) &&
    (value.document === null || isDocument(value.document)) &&
    Array.isArray(value.signatories) &&
    value.signatories.length > 0 &&
    value.signatories.every(isSignatory) &&
    isOptions(value.options) &&
    isBoolean(value.titleEdited) &&
    isBoolean(value.sealPageEdited)
  );
}

/**
 * The draft in `text`, or null when it is absent, unreadable, from another version of the wizard, or older
 * than WIZARD_DRAFT_MAX_AGE_MS.
 */
export function parseDraft(text: string | null, now = Date.now()): WizardDraft | null {
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.version !== WIZARD_DRAFT_VERSION || !isDraftState(parsed.state))
    return null;
  const { savedAt } = parsed;
  if (typeof savedAt !== 'number' || !(now - savedAt <= WIZARD_DRAFT_MAX_AGE_MS)) return null;
  return { version: WIZARD_DRAFT_VERSION, savedAt, state: parsed.state };
}

/**
 * The wizard as the draft left it. Signatories get new keys, as keys are only unique within a page's
 * lifetime; a step that needs a document the draft no longer has falls back to where one is made.
 */
export function stateFromDraft(draft: WizardDraft, base: WizardState, newKey: () => string): WizardState {
  const saved = draft.state;
  const document = saved.document
    ? { ...saved.document, preview: null, layout: saved.document.layout ?? null }
    : null;
  const ready =
    saved.step === 'document' || (saved.step === 'details' ? saved.templateType !== null : document !== null);
  const reachable = stepsFor(saved.source).includes(saved.step) && ready;
  return {
    ...base,
    ...saved,
    step: reachable ? saved.step : 'document',
    document,
    // A draft from before expiry dates existed leaves the default.
    options: { ...base.options, ...saved.options, expiresAt: null },
    signatories: saved.signatories.map((signatory) => ({
      ...signatory,
      key: newKey(),
      party: signatory.party ?? null,
      role: signatory.role ?? '',
    })),
    errors: {},
  };
}

/** The browser's storage, or null where it is refused (storage disabled, some private modes). */
export function browserStorage(): DraftStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The saved draft worth restoring, if any; an unreadable one is removed so it is not tried again. */
export function loadDraft(storage: DraftStorage, key: string): WizardDraft | null {
  try {
    const text = storage.getItem(key);
    const draft = parseDraft(text);
    if (text !== null && !draft) storage.removeItem(key);
    return draft;
  } catch (error) {
    console.error('The wizard draft could not be read', error);
    return null;
  }
}

/** Saves the state, or forgets the draft when nothing in it is worth keeping. */
export function saveDraft(storage: DraftStorage, key: string, state: WizardState): void {
  try {
    if (hasDraftContent(state)) storage.setItem(key, serialiseDraft(state));
    else storage.removeItem(key);
  } catch (error) {
    // A full storage costs the draft only: the wizard itself goes on.
    console.error('The wizard draft could not be saved', error);
  }
}

export function clearDraft(storage: DraftStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch (error) {
    console.error('The wizard draft could not be removed', error);
  }
}
