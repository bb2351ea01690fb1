import { type SignaturePlacement } from '@esign/shared';

export interface SignatoryDraft {
  /** Stable identity for drag and drop and React keys; never sent. */
  key: string;
  name: string;
  email: string;
  mobile: string;
  placement: SignaturePlacement | null;
}

export function emptySignatory(key: string): SignatoryDraft {
  return { key, name: '', email: '', mobile: '', placement: null };
}

/** The list with the item at `from` moved to `to`; out-of-range moves change nothing. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const moved = [...items];
  const [item] = moved.splice(from, 1);
  if (item !== undefined) moved.splice(to, 0, item);
  return moved;
}

/** Removes every placement but keeps the signatories and what was typed about them (spec §4). */
export function resetPlacements(signatories: readonly SignatoryDraft[]): SignatoryDraft[] {
  return signatories.map((signatory) => ({ ...signatory, placement: null }));
}

/** A new document may be shorter: placements on pages it does not have are dropped. */
export function dropPlacementsBeyond(
  signatories: readonly SignatoryDraft[],
  pageCount: number,
): SignatoryDraft[] {
  return signatories.map((signatory) =>
    signatory.placement && signatory.placement.page > pageCount
      ? { ...signatory, placement: null }
      : signatory,
  );
}

/**
 * Where a generated template expects each signature: its signature areas fill the last page's bottom
 * corners, left then right, stacked upwards in the parties' order, as the signing engine stacks blocks
 * placed there. Signatories not yet placed get the area of their rank; placements already chosen stay.
 */
export function suggestTemplatePlacements(
  signatories: readonly SignatoryDraft[],
  pageCount: number,
): SignatoryDraft[] {
  return signatories.map((signatory, index) =>
    signatory.placement
      ? signatory
      : {
          ...signatory,
          placement: { page: pageCount, position: index % 2 === 0 ? 'bottom-left' : 'bottom-right' },
        },
  );
}

/** The other signatories placed in the same corner of the same page, who would overlap. */
export function sharingCorner(signatories: readonly SignatoryDraft[], key: string): SignatoryDraft[] {
  const own = signatories.find((signatory) => signatory.key === key)?.placement;
  if (!own) return [];
  return signatories.filter(
    (signatory) =>
      signatory.key !== key &&
      signatory.placement?.page === own.page &&
      signatory.placement.position === own.position,
  );
}

let lastKey = 0;

/** A key unique within the page's lifetime. */
export function newSignatoryKey(): string {
  lastKey += 1;
  return `signatory-${lastKey}`;
}
