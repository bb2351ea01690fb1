import { type TemplateField, type TemplateSection } from '../templates';
import { signaturePlaceFields } from './blocks/agency';
import { choice, date, text } from './blocks/fields';

/** What both agents' forms (for a natural person's and a company's) share: how the identity was checked, and the signature. */

export const VERIFICATION_METHODS = ['en présence', 'vidéo', 'eIDAS', 'copie certifiée conforme'] as const;

export function verificationSection(title: string): TemplateSection {
  return {
    title,
    fields: [
      date('verificationDate', 'Date de la vérification'),
      choice('verificationMethode', 'Méthode', VERIFICATION_METHODS),
      text('verifiePar', 'Vérifiée par', true, { maxLength: 100 }),
    ],
  };
}

export function signatureSection(): TemplateSection {
  return { title: 'Signature', fields: signaturePlaceFields() };
}

/** Block B3's account of the agent's powers; `qualities` and `sources` depend on who is represented. */
export function powersFields(qualities: readonly string[], sources: readonly string[]): TemplateField[] {
  return [
    choice('qualite', 'Qualité', qualities),
    choice('sourcePouvoirs', 'Source des pouvoirs', sources),
    date('datePouvoirs', 'Date du document conférant les pouvoirs'),
    text('etenduePouvoirs', 'Étendue des pouvoirs', true, {
      maxLength: 500,
      help: 'Ex. signer le compromis, signer l’acte, percevoir le prix',
    }),
    date('finValidite', 'Date de fin de validité des pouvoirs', false),
  ];
}
