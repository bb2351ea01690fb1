import {
  PDFArray,
  PDFDict,
  PDFName,
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
