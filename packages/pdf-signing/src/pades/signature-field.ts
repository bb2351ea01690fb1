import { PDFArray, PDFDict, PDFName, PDFRef, PDFString, PDFHexString } from '@cantoo/pdf-lib';
import type { IncrementalUpdate } from './incremental-update';
import {
  PadesError,
  fromPdfLib,
  lookupDict,
  pageRef,
  resolve,
  toRef,
  type PdfRevision,
} from './pdf-revision';
import { PdfDict, dict, name, textString, type PdfRectangle, type PdfRef, type PdfValue } from './pdf-syntax';

export interface SignatureFieldRequest {
  signature: PdfRef;
  appearance: PdfRef;
  pageIndex: number;
  /** Absent for an invisible signature: the widget then has an empty rectangle. */
  rect?: PdfRectangle;
  fieldName?: string;
}

/** Annotation flags Print (4) and Locked (128), ISO 32000-1 §12.5.3. */
const WIDGET_FLAGS = 132;
/** SignaturesExist (1) and AppendOnly (2), ISO 32000-1 §12.7.2. */
const SIG_FLAGS = 3;

/**
 * Adds a signature field merged with its widget annotation (ISO 32000-1 §12.7.4.5) to the AcroForm,
 * creating the AcroForm if needed and keeping its other fields, and to the page's /Annots.
 * Returns the field name.
 */
export function addSignatureField(update: IncrementalUpdate, request: SignatureFieldRequest): string {
  const { revision } = update;
  const page = pageRef(revision, request.pageIndex);
  const fieldName = chooseFieldName(revision, request.fieldName);
  const rect = request.rect;
  const widget = update.add(
    dict({
      Type: name('Annot'),
      Subtype: name('Widget'),
      FT: name('Sig'),
      T: textString(fieldName),
      V: request.signature,
      F: WIDGET_FLAGS,
      Rect: rect ? [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height] : [0, 0, 0, 0],
      P: page,
      AP: dict({ N: request.appearance }),
    }),
  );
  addToAcroForm(update, widget);
  addToAnnots(update, page, widget);
  return fieldName;
}

function addToAcroForm(update: IncrementalUpdate, widget: PdfRef): void {
  const { revision } = update;
  const catalog = lookupDict(revision, revision.catalogRef);
  const entry = catalog.get(PDFName.of('AcroForm'));
  if (entry instanceof PDFRef) {
    update.put(toRef(entry), withField(update, resolve(revision, entry), widget));
    return;
  }
  // An AcroForm inline in the catalog becomes an indirect object, so later updates leave the catalog alone.
  const acroForm = update.add(withField(update, entry, widget));
  const newCatalog = asDict(fromPdfLib(catalog)).set('AcroForm', acroForm);
  update.put(revision.catalogRef, newCatalog);
}

function withField(update: IncrementalUpdate, acroForm: unknown, widget: PdfRef): PdfDict {
  const existing = acroForm instanceof PDFDict ? acroForm : undefined;
  const result = existing ? asDict(fromPdfLib(existing)) : new PdfDict();
  const fields = existing?.get(PDFName.of('Fields'));
  if (fields instanceof PDFRef) {
    update.put(toRef(fields), [...asArray(update.revision, fields), widget]);
  } else {
    result.set('Fields', [...(fields instanceof PDFArray ? asArrayValue(fields) : []), widget]);
  }
  // With NeedAppearances true, viewers (poppler, Acrobat) regenerate every field's appearance: a
  // signature's own appearance would vanish and Acrobat would report the signed file as modified.
  result.entries.delete('NeedAppearances');
  return result.set('SigFlags', SIG_FLAGS);
}

function addToAnnots(update: IncrementalUpdate, page: PdfRef, widget: PdfRef): void {
  const { revision } = update;
  const pageDict = lookupDict(revision, page);
  const annots = pageDict.get(PDFName.of('Annots'));
  if (annots instanceof PDFRef) {
    update.put(toRef(annots), [...asArray(revision, annots), widget]);
    return;
  }
  const list = annots instanceof PDFArray ? asArrayValue(annots) : [];
  update.put(page, asDict(fromPdfLib(pageDict)).set('Annots', [...list, widget]));
}

/** The requested name, refused when a top-level field has it already; else the first free SignatureN. */
function chooseFieldName(revision: PdfRevision, requested: string | undefined): string {
  const taken = topLevelFieldNames(revision);
  if (requested !== undefined) {
    if (!requested || requested.includes('.'))
      throw new PadesError(`"${requested}" is not a valid field name`);
    if (taken.has(requested)) throw new PadesError(`the document already has a field named "${requested}"`);
    return requested;
  }
  let index = 1;
  while (taken.has(`Signature${index}`)) index += 1;
  return `Signature${index}`;
}

function topLevelFieldNames(revision: PdfRevision): Set<string> {
  const catalog = lookupDict(revision, revision.catalogRef);
  const acroForm = resolve(revision, catalog.get(PDFName.of('AcroForm')));
  const fields =
    acroForm instanceof PDFDict ? resolve(revision, acroForm.get(PDFName.of('Fields'))) : undefined;
  const names = new Set<string>();
  if (!(fields instanceof PDFArray)) return names;
  for (const item of fields.asArray()) {
    const field = resolve(revision, item);
    const title = field instanceof PDFDict ? field.get(PDFName.of('T')) : undefined;
    if (title instanceof PDFString || title instanceof PDFHexString) names.add(title.decodeText());
  }
  return names;
}

function asArray(revision: PdfRevision, ref: PDFRef): PdfValue[] {
  const array = resolve(revision, ref);
  if (!(array instanceof PDFArray)) throw new PadesError(`object ${ref.objectNumber} is not an array`);
  return asArrayValue(array);
}

function asArrayValue(array: PDFArray): PdfValue[] {
  const value = fromPdfLib(array);
  return Array.isArray(value) ? value : [];
}

export function asDict(value: PdfValue): PdfDict {
  if (!(value instanceof PdfDict)) throw new PadesError('expected a dictionary');
  return value;
}
