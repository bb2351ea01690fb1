import { type SignaturePlacement, type TemplateSignatory } from '@esign/shared';

export interface SignatoryDraft {
  /** Stable identity for drag and drop and React keys; never sent. */
  key: string;
  name: string;
  email: string;
  mobile: string;
  placement: SignaturePlacement | null;
  /**
   * On a generated document, the party this signatory signs for (`vendeurs.0`): name, e-mail and mobile come
   * from the form and the signature goes in the party's frame. Null for an upload's signatory or an extra.
   */
  party: string | null;
  /**
   * The capacity signed in: for a party, as the document prints it ("Vendeur", "Vendeur, pour SCI Tilleuls";
   * shown only, the server takes it from the template); for an extra, what the member typed ("Témoin").
   */
  role: string;
}

export function emptySignatory(key: string): SignatoryDraft {
  return { key, name: '', email: '', mobile: '', placement: null, party: null, role: '' };
}

const isBlank = (signatory: SignatoryDraft) =>
  !signatory.name.trim() && !signatory.email.trim() && !signatory.mobile.trim() && !signatory.role.trim();

/**
 * The signatories of a newly generated document: its parties, with what the form says of them, and the
 * extras the member added. A party already listed keeps its place (and key); while the same parties sign,
 * the member's order stands; otherwise the parties come first in the deed's order, then the extras. Parties
 * the form no longer has are dropped, and so are blank extras (the empty card a new wizard starts with).
 */
export function withTemplateParties(
  signatories: readonly SignatoryDraft[],
  parties: readonly TemplateSignatory[],
): SignatoryDraft[] {
  const byParty = new Map(parties.map((party) => [party.party, party]));
  const fromParty = (party: TemplateSignatory, key: string): SignatoryDraft => ({
    key,
    name: party.name,
    email: party.email,
    mobile: party.mobile,
    placement: null,
    party: party.party,
    role: party.company ? `${party.role}, pour ${party.company}` : party.role,
  });
  const listed = signatories.filter((signatory) => signatory.party !== null);
  const extras = signatories.filter((signatory) => signatory.party === null && !isBlank(signatory));
  const sameParties =
    listed.length === parties.length && listed.every((signatory) => byParty.has(signatory.party ?? ''));
  if (sameParties) {
    return signatories
      .filter((signatory) => signatory.party !== null || !isBlank(signatory))
      .map((signatory) => {
        const party = signatory.party ? byParty.get(signatory.party) : undefined;
        return party ? fromParty(party, signatory.key) : signatory;
      });
  }
  // A party's key is its own: unique in the list, and the same each time the document is generated.
  return [...parties.map((party) => fromParty(party, `party-${party.party}`)), ...extras];
}

/** The list with the item at `from` moved to `to`; out-of-range moves change nothing. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const moved = [...items];
  const [item] = moved.splice(from, 1);
  if (item !== undefined) moved.splice(to, 0, item);
  return moved;
}

/** Removes every placement but keeps the signatories and what was typed about them. */
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
