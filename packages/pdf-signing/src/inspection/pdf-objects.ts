import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNull,
  PDFNumber,
  PDFRef,
  PDFStream,
  type PDFContext,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { invalidPdf } from './pdf-rejection';

/** A reference may point at another reference; hostile files chain them in a circle. */
const MAX_REFERENCE_HOPS = 16;

export const pdfName = (value: string): PDFName => PDFName.of(value);

export function resolveObject(context: PDFContext, object: PDFObject | undefined): PDFObject | undefined {
  let current = object;
  for (let hops = 0; current instanceof PDFRef; hops += 1) {
    if (hops >= MAX_REFERENCE_HOPS) throw invalidPdf('reference chain too long or circular');
    current = context.lookup(current);
  }
  return current;
}

export function resolveDict(context: PDFContext, object: PDFObject | undefined): PDFDict | undefined {
  const value = resolveObject(context, object);
  return value instanceof PDFDict ? value : undefined;
}

export function resolveArray(context: PDFContext, object: PDFObject | undefined): PDFArray | undefined {
  const value = resolveObject(context, object);
  return value instanceof PDFArray ? value : undefined;
}

export function resolveName(context: PDFContext, object: PDFObject | undefined): string | undefined {
  const value = resolveObject(context, object);
  return value instanceof PDFName ? value.decodeText() : undefined;
}

export function resolveNumber(context: PDFContext, object: PDFObject | undefined): number | undefined {
  const value = resolveObject(context, object);
  return value instanceof PDFNumber ? value.asNumber() : undefined;
}

export function resolveNumbers(context: PDFContext, object: PDFObject | undefined): number[] | undefined {
  const array = resolveArray(context, object);
  if (!array) return undefined;
  const numbers = array.asArray().map((item) => resolveObject(context, item));
  if (!numbers.every((item): item is PDFNumber => item instanceof PDFNumber)) return undefined;
  return numbers.map((item) => item.asNumber());
}

function childrenOf(object: PDFObject): PDFObject[] {
  if (object instanceof PDFDict) return object.entries().map(([, value]) => value);
  if (object instanceof PDFArray) return object.asArray();
  if (object instanceof PDFStream) return [object.dict];
  return [];
}

/**
 * Calls `visit` for every dictionary (stream dictionaries included) held by an indirect object, without
 * following references. Past `maxNesting` levels the file is refused: the walk stays bounded and so does
 * every later consumer of the file (viewers recurse too).
 */
export function forEachDictionary(
  context: PDFContext,
  maxNesting: number,
  visit: (dict: PDFDict) => void,
): void {
  const walk = (object: PDFObject, depth: number): void => {
    if (depth > maxNesting) throw invalidPdf('objects nested too deeply');
    if (object instanceof PDFDict) visit(object);
    for (const child of childrenOf(object)) walk(child, depth + 1);
  };
  for (const [, object] of context.enumerateIndirectObjects()) walk(object, 0);
}

/** Indirect objects reachable from the trailer (catalog and document information). */
function reachableReferences(context: PDFContext): Set<PDFRef> {
  const reached = new Set<PDFRef>();
  const pending: PDFObject[] = [context.trailerInfo.Root, context.trailerInfo.Info].filter(
    (root): root is PDFObject => root !== undefined,
  );
  for (let object = pending.pop(); object !== undefined; object = pending.pop()) {
    if (object instanceof PDFRef) {
      if (reached.has(object)) continue;
      reached.add(object);
      const target = context.lookup(object);
      if (target) pending.push(target);
    } else {
      // One push per child: spreading a huge array would overflow the argument limit.
      for (const child of childrenOf(object)) pending.push(child);
    }
  }
  return reached;
}

/**
 * Drops every object nothing points to any more: what the sanitiser cut off (scripts, attached files),
 * superseded revisions, and the old object and cross-reference streams the rewrite replaces.
 */
export function dropUnreachableObjects(context: PDFContext): number {
  const reached = reachableReferences(context);
  let dropped = 0;
  let highest = 0;
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reached.has(ref)) {
      context.delete(ref);
      dropped += 1;
    } else {
      highest = Math.max(highest, ref.objectNumber);
    }
  }
  // The trailer's /Size is one more than the highest object number left (ISO 32000-1, 7.5.5).
  context.largestObjectNumber = highest;
  return dropped;
}

/** Replaces every reference held in `root` (not following them), each container visited once. */
function rewriteReferences(root: PDFObject, mapped: (ref: PDFRef) => PDFObject, seen: Set<PDFObject>): void {
  const pending: PDFObject[] = [root];
  for (let object = pending.pop(); object !== undefined; object = pending.pop()) {
    const container = object instanceof PDFStream ? object.dict : object;
    // A direct object can be shared (a page's inherited resources): rewritten twice, its new numbers
    // would be renumbered again.
    if (seen.has(container)) continue;
    seen.add(container);
    if (container instanceof PDFDict) {
      for (const [key, value] of container.entries()) {
        if (value instanceof PDFRef) container.set(key, mapped(value));
        else pending.push(value);
      }
    } else if (container instanceof PDFArray) {
      container.asArray().forEach((value, index) => {
        if (value instanceof PDFRef) container.set(index, mapped(value));
        else pending.push(value);
      });
    }
  }
}

/**
 * Numbers the objects 1, 2, 3… in their present order. pdf-lib's writer files each run of consecutive
 * numbers as a subsection of the cross-reference table and, for every object that does not follow the one
 * before it, searches all the subsections made so far: gaps (dropped objects, or a file numbered sparsely
 * on purpose) made the save quadratic, 150 s for 100,000 gaps. Renumbered, the table is one subsection.
 */
export function renumberObjects(context: PDFContext): void {
  const objects = context.enumerateIndirectObjects();
  const numbers = new Map<PDFRef, PDFRef>();
  objects.forEach(([ref], index) => numbers.set(ref, PDFRef.of(index + 1)));
  // A reference to an object the file lacks stands for null (ISO 32000-1, 7.3.10); kept, it could name
  // one of the renumbered objects.
  const mapped = (ref: PDFRef): PDFObject => numbers.get(ref) ?? PDFNull;
  const seen = new Set<PDFObject>();
  for (const [ref] of objects) context.delete(ref);
  for (const [ref, object] of objects) {
    rewriteReferences(object, mapped, seen);
    context.assign(numbers.get(ref) ?? ref, object);
  }
  const { trailerInfo } = context;
  for (const key of ['Root', 'Info', 'Encrypt'] as const) {
    const value = trailerInfo[key];
    if (value instanceof PDFRef) trailerInfo[key] = numbers.get(value);
  }
  context.largestObjectNumber = objects.length;
}
