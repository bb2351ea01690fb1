import { type PDFContext, type PDFDict } from '@cantoo/pdf-lib';
import {
  forEachDictionary,
  pdfName,
  resolveArray,
  resolveDict,
  resolveName,
  resolveObject,
} from './pdf-objects';

/** Actions that only move within the document or open a link; everything else can run or fetch something. */
const HARMLESS_ACTIONS = new Set(['GoTo', 'URI', 'Named', 'Thread', 'SetOCGState', 'Hide', 'Trans']);
/** Annotations that carry files or play media. */
const ANNOTATION_LABELS: Readonly<Record<string, string>> = {
  FileAttachment: 'FileAttachment',
  Sound: 'Multimedia',
  Movie: 'Multimedia',
  Screen: 'Multimedia',
  RichMedia: 'Multimedia',
  '3D': 'Multimedia',
};
const ACTION_KEYS = ['A', 'PA', 'Next'] as const;

function deleteKey(dict: PDFDict | undefined, key: string, label: string, removed: Set<string>): void {
  if (dict?.get(pdfName(key)) === undefined) return;
  dict.delete(pdfName(key));
  removed.add(label);
}

function removeFromCatalog(context: PDFContext, catalog: PDFDict, removed: Set<string>): void {
  deleteKey(catalog, 'OpenAction', 'OpenAction', removed);
  const names = resolveDict(context, catalog.get(pdfName('Names')));
  deleteKey(names, 'JavaScript', 'JavaScript', removed);
  deleteKey(names, 'EmbeddedFiles', 'EmbeddedFiles', removed);
  // Associated files (PDF/A-3) and portfolios are attachments too.
  deleteKey(catalog, 'AF', 'EmbeddedFiles', removed);
  deleteKey(catalog, 'Collection', 'EmbeddedFiles', removed);
  const form = resolveDict(context, catalog.get(pdfName('AcroForm')));
  deleteKey(form, 'XFA', 'XFA', removed);
  form?.delete(pdfName('NeedsRendering'));
  // Usage-rights signatures cannot survive the rewrite; left in, readers would call the file tampered.
  const permissions = resolveDict(context, catalog.get(pdfName('Perms')));
  deleteKey(permissions, 'UR', 'UsageRights', removed);
  deleteKey(permissions, 'UR3', 'UsageRights', removed);
  if (permissions && permissions.keys().length === 0) catalog.delete(pdfName('Perms'));
}

function removeRiskyAnnotations(context: PDFContext, pages: readonly PDFDict[], removed: Set<string>): void {
  for (const page of pages) {
    const annotations = resolveArray(context, page.get(pdfName('Annots')));
    if (!annotations) continue;
    for (let index = annotations.size() - 1; index >= 0; index -= 1) {
      const annotation = resolveDict(context, annotations.get(index));
      const label = ANNOTATION_LABELS[resolveName(context, annotation?.get(pdfName('Subtype'))) ?? ''];
      if (!label) continue;
      annotations.remove(index);
      removed.add(label);
    }
  }
}

/** The label of an action that must go, or undefined for a harmless one (or something else entirely). */
function riskyActionLabel(context: PDFContext, value: PDFDict | undefined): string | undefined {
  const kind = resolveName(context, value?.get(pdfName('S')));
  if (kind === undefined || HARMLESS_ACTIONS.has(kind)) return undefined;
  return kind;
}

function removeActions(context: PDFContext, dict: PDFDict, removed: Set<string>): void {
  deleteKey(dict, 'AA', 'AA', removed);
  for (const key of ACTION_KEYS) {
    const value = resolveObject(context, dict.get(pdfName(key)));
    const chain = resolveArray(context, value);
    if (chain) {
      for (let index = chain.size() - 1; index >= 0; index -= 1) {
        const label = riskyActionLabel(context, resolveDict(context, chain.get(index)));
        if (label) {
          chain.remove(index);
          removed.add(label);
        }
      }
      continue;
    }
    const label = riskyActionLabel(context, resolveDict(context, value));
    if (label) deleteKey(dict, key, label, removed);
  }
}

/**
 * Removes what could run or smuggle something when the document is opened: document scripts, open
 * actions, additional actions on the catalog, pages, annotations and fields, non-navigation actions
 * (Launch, JavaScript, SubmitForm...), attached files and media, XFA. Links (URI) stay. Returns the labels
 * of what was removed; the objects themselves become unreachable and are dropped before the rewrite.
 */
export function removeActiveContent(
  context: PDFContext,
  catalog: PDFDict,
  pages: readonly PDFDict[],
  maxNesting: number,
): string[] {
  const removed = new Set<string>();
  removeFromCatalog(context, catalog, removed);
  removeRiskyAnnotations(context, pages, removed);
  forEachDictionary(context, maxNesting, (dict) => removeActions(context, dict, removed));
  return [...removed];
}
