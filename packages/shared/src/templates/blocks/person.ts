import {
  type TemplateCondition,
  type TemplateField,
  type TemplateFormData,
  type TemplateItem,
} from '../../templates';
import { matriculeBirthDate } from '../../lu-validators';
import { isoDate } from '../field-checks';
import { LEGAL_FORMS } from './company';
import { addressFields, postalCodeErrors } from './address';

/** The civil statuses a natural person declares. */
export const CIVIL_STATUSES = [
  'célibataire',
  'marié(e)',
  'partenaire (PACS)',
  'divorcé(e)',
  'veuf/veuve',
  'séparé(e)',
] as const;

export const NATURAL = 'personne physique';
export const LEGAL = 'personne morale';
const IS_NATURAL: TemplateCondition = { field: 'typePersonne', in: [NATURAL] };
const IS_LEGAL: TemplateCondition = { field: 'typePersonne', in: [LEGAL] };

/** Fields asked of a natural person only: required for one, hidden for a company. */
const natural = (field: TemplateField, required = true): TemplateField => ({
  ...field,
  required: false,
  visibleWhen: IS_NATURAL,
  ...(required ? { requiredWhen: IS_NATURAL } : {}),
});

const legal = (field: TemplateField, required = true): TemplateField => ({
  ...field,
  required: false,
  visibleWhen: IS_LEGAL,
  ...(required ? { requiredWhen: IS_LEGAL } : {}),
});

/** An identity document (validator `id_document`): type, number, issuing country, expiry. */
export function identityDocumentFields(): TemplateField[] {
  return [
    {
      name: 'pieceType',
      label: "Type de document d'identité",
      type: 'enum',
      required: true,
      options: ["carte d'identité", 'passeport', 'titre de séjour', 'autre document public'],
    },
    { name: 'pieceNumero', label: 'Numéro du document', type: 'text', required: true, maxLength: 50 },
    { name: 'piecePaysEmission', label: "Pays d'émission", type: 'text', required: true, maxLength: 100 },
    { name: 'pieceDateExpiration', label: "Date d'expiration", type: 'date', required: true },
  ];
}

/** Block B1 in the short form an agent or a representative is identified with. */
export function naturalIdentityFields(): TemplateField[] {
  return [
    { name: 'nom', label: 'Nom', type: 'text', required: true, maxLength: 100 },
    { name: 'prenoms', label: 'Prénoms', type: 'text', required: true, maxLength: 200 },
    { name: 'dateNaissance', label: 'Date de naissance', type: 'date', required: true },
    { name: 'lieuNaissance', label: 'Lieu de naissance', type: 'text', required: true, maxLength: 100 },
    { name: 'nationalites', label: 'Nationalité(s)', type: 'text', required: true, maxLength: 200 },
    {
      name: 'matricule',
      label: "Numéro d'identification national (matricule)",
      type: 'text',
      required: false,
      validator: 'matricule_lu',
      help: 'Obligatoire pour une personne résidant au Luxembourg',
    },
    { name: 'profession', label: 'Profession', type: 'text', required: true, maxLength: 200 },
    ...addressFields('adresse', 'anywhere'),
    ...partyContactFields(),
    ...identityDocumentFields(),
  ];
}

/** How a party who signs is reached: the invitation goes to the e-mail, the signing code to the mobile. */
function partyContactFields(): TemplateField[] {
  return [
    { name: 'email', label: 'E-mail', type: 'text', required: true, validator: 'email', maxLength: 254 },
    {
      name: 'mobile',
      label: 'Téléphone mobile',
      type: 'text',
      required: true,
      validator: 'mobile',
      maxLength: 32,
      help: 'Celui de la personne qui signe : il reçoit le code de signature par SMS',
    },
  ];
}

/** A party to a contract: a natural person (block B1) or a company (block B2), with an address and e-mail. */
export function partyFields(): TemplateField[] {
  return [
    { name: 'typePersonne', label: 'La partie est', type: 'enum', required: true, options: [NATURAL, LEGAL] },
    natural({ name: 'civilite', label: 'Civilité', type: 'enum', required: false, options: ['M.', 'Mme'] }),
    { name: 'nom', label: 'Nom ou dénomination', type: 'text', required: true, maxLength: 200 },
    natural({ name: 'prenoms', label: 'Prénoms', type: 'text', required: false, maxLength: 200 }),
    natural({ name: 'dateNaissance', label: 'Date de naissance', type: 'date', required: false }),
    natural({ name: 'lieuNaissance', label: 'Lieu de naissance', type: 'text', required: false }),
    natural({ name: 'nationalites', label: 'Nationalité(s)', type: 'text', required: false }),
    natural(
      {
        name: 'matricule',
        label: "Numéro d'identification national (matricule)",
        type: 'text',
        required: false,
        validator: 'matricule_lu',
      },
      false,
    ),
    natural({ name: 'profession', label: 'Profession', type: 'text', required: false, maxLength: 200 }),
    natural({
      name: 'etatCivil',
      label: 'État civil',
      type: 'enum',
      required: false,
      options: CIVIL_STATUSES,
    }),
    {
      name: 'regimeMatrimonial',
      label: 'Régime matrimonial',
      type: 'enum',
      required: false,
      options: ['communauté légale', 'séparation de biens', 'communauté universelle', 'étranger/autre'],
      visibleWhen: { field: 'etatCivil', in: ['marié(e)'] },
      requiredWhen: { field: 'etatCivil', in: ['marié(e)'] },
    },
    legal({
      name: 'formeJuridique',
      label: 'Forme juridique',
      type: 'enum',
      required: false,
      options: LEGAL_FORMS,
    }),
    legal({ name: 'rcs', label: 'Numéro RCS', type: 'text', required: false, validator: 'rcs_lu' }),
    legal({ name: 'representant', label: 'Représentée par (nom, qualité)', type: 'text', required: false }),
    ...addressFields('adresse', 'anywhere'),
    ...partyContactFields(),
  ];
}

/** Birth date in the past and matching the matricule, identity document not expired, postal code. */
export function identityErrors(
  scope: TemplateFormData | TemplateItem,
  today: string,
  path = '',
): Record<string, string> {
  const errors: Record<string, string> = postalCodeErrors(scope, 'adresse', path);
  const birthDate = isoDate(scope.dateNaissance);
  if (birthDate && birthDate > today) errors[`${path}dateNaissance`] = 'validation.dateInFuture';
  const matricule = scope.matricule;
  if (birthDate && typeof matricule === 'string' && /^\d{8}/.test(matricule.replace(/\s/g, ''))) {
    if (matriculeBirthDate(matricule) !== birthDate) {
      errors[`${path}matricule`] = 'validation.matriculeBirthDate';
    }
  }
  const expiry = isoDate(scope.pieceDateExpiration);
  if (expiry && expiry < today) errors[`${path}pieceDateExpiration`] = 'validation.documentExpired';
  return errors;
}

/** The identity rules for every item of a list of parties. */
export function partiesErrors(
  items: readonly TemplateItem[],
  name: string,
  today: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  items.forEach((item, index) => Object.assign(errors, identityErrors(item, today, `${name}.${index}.`)));
  return errors;
}
