import type { PlacementPosition, SignatoryInput, SignatureRequestInput } from '@esign/shared';

/** Someone asked to sign: what the wizard's signatory card holds. */
export interface Person {
  name: string;
  email: string;
  mobile: string;
}

/**
 * What the wizard sends for an uploaded document unless told otherwise: a SIMPLE request, everyone invited at
 * once, blocks and seal of the default size, the seal on the first page.
 */
export const SIGNATURE_REQUEST_DEFAULTS = {
  signatureTitle: 'Compromis – 12 rue de la Gare',
  documentType: 'CUSTOM',
  templateType: null,
  documentName: 'compromis.pdf',
  signingMode: 'SIMPLE',
  signingFlow: 'CONCURRENT',
  signatureSize: 'default',
  sealPage: 1,
  sealSize: 'default',
} as const satisfies Omit<SignatureRequestInput, 'documentId' | 'signatories'>;

/**
 * The body of `POST /api/signatures` (and of its updates) on `documentId`: the defaults, then `fields`.
 * Every driver of the API builds the body here, so a change to the contract is made once.
 */
export function signatureRequestInput(
  documentId: string,
  fields: Partial<SignatureRequestInput> & Pick<SignatureRequestInput, 'signatories'>,
): SignatureRequestInput {
  return { ...SIGNATURE_REQUEST_DEFAULTS, documentId, ...fields };
}

export interface Placement {
  /** The 1-based page every block goes on. */
  page?: number;
  /** The corners the blocks take in turn, the first signatory's first. */
  corners?: readonly [PlacementPosition, PlacementPosition];
}

/**
 * Signatories of an uploaded document in the order given, their blocks on one page, in two corners taken in
 * turn (bottom left, then bottom right, unless `corners` says otherwise). What a person carries beyond a
 * name, e-mail and mobile (a role, a party) is kept.
 */
export function placedSignatories(
  people: readonly (Person & Partial<SignatoryInput>)[],
  { page = 1, corners = ['bottom-left', 'bottom-right'] }: Placement = {},
): SignatoryInput[] {
  return people.map((person, index) => ({
    ...person,
    order: index + 1,
    placement: { page, position: corners[index % 2] ?? corners[0] },
  }));
}
