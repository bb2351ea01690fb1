import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  TEMPLATE_DEFINITIONS,
  templateSignatories,
  type PdfCompleteResponse,
  type SignatoryInput,
  type SignatureRequestInput,
  type TemplateType,
} from '@esign/shared';
import { ApiClient, signatureRequestInput } from '@esign/api-client';

export const FIXTURES_DIR = join(__dirname, '../../../fixtures/pdfs');

export function fixturePdf(name: string): Buffer {
  return readFileSync(join(FIXTURES_DIR, name));
}

/** Uploads a PDF the way the back office does: ask for an address, PUT the bytes, then complete. */
export function uploadPdf(
  baseUrl: string,
  token: string,
  bytes: Buffer,
  fileName = 'document.pdf',
): Promise<PdfCompleteResponse> {
  return new ApiClient(baseUrl, token).uploadPdf(bytes, fileName);
}

/**
 * The signatories of a generated document, as the wizard builds them: one per party, with the form's name,
 * e-mail and mobile, in the deed's order.
 */
export function partySignatories(
  templateType: TemplateType,
  formData: Record<string, unknown>,
): SignatoryInput[] {
  const definition = TEMPLATE_DEFINITIONS[templateType];
  if (!definition) throw new Error(`no template ${templateType}`);
  return templateSignatories(definition, formData).map((party, index) => ({
    name: party.name,
    email: party.email,
    mobile: party.mobile,
    order: index + 1,
    party: party.party,
  }));
}

let mobileCounter = 100_000;

/** A distinct Luxembourg mobile number per call. */
export function nextMobile(): string {
  mobileCounter += 1;
  return `+352621${mobileCounter}`;
}

/** The body of `POST /api/signatures` on `documentId`: one signatory, Anne, unless `overrides` says otherwise. */
export function signatureInput(
  documentId: string,
  overrides: Partial<SignatureRequestInput> = {},
): SignatureRequestInput {
  return signatureRequestInput(documentId, {
    signatories: [
      {
        name: 'Anne Muller',
        email: 'anne@example.lu',
        mobile: '+352621123456',
        order: 1,
        placement: { page: 1, position: 'bottom-right' },
      },
    ],
    ...overrides,
  });
}

/** A complete, valid NaturalPerson form (accents and Polish letters included). */
export const NATURAL_PERSON_FORM = {
  nom: 'Müller-Schäfer',
  prenoms: 'Élodie Marie',
  sexe: 'Féminin',
  dateNaissance: '1983-12-01',
  lieuNaissance: 'Esch-sur-Alzette',
  paysNaissance: 'Luxembourg',
  nationalites: 'luxembourgeoise, polonaise',
  matricule: '1983120105747',
  profession: 'Ingénieure, ArcelorMittal, sidérurgie',
  etatCivil: 'célibataire',
  capaciteJuridique: 'majeur capable',
  adresseNumero: '12',
  adresseRue: "rue de l'Alzette",
  adresseCodePostal: 'L-4011',
  adresseLocalite: 'Esch-sur-Alzette',
  adressePays: 'Luxembourg',
  email: 'elodie@example.lu',
  telephone: '+352 621 987 001',
  pieceType: 'passeport',
  pieceNumero: 'AB123456',
  piecePaysEmission: 'Luxembourg',
  pieceDateExpiration: '2099-01-01',
  role: 'vendeur',
  agitPourComptePropre: true,
  verificationDate: '2026-03-01',
  verificationMethode: 'en présence',
  verifiePar: 'Łukasz Żółć',
  agentNom: 'Łukasz Żółć',
  agentEmail: 'lukasz.zolc@agence.lu',
  agentMobile: '+352 691 987 002',
  noticeDonnees: true,
  signatureLieu: 'Luxembourg',
  signatureDate: '2026-03-05',
};
