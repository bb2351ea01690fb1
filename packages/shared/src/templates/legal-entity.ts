import { type TemplateDefinition, type TemplateFormData } from '../templates';
import { isLuxembourg, postalCodeErrors } from './blocks/address';
import { companyFields } from './blocks/company';
import { bool, choice, date, onlyIf, text, textarea, when } from './blocks/fields';
import { isBlank, isoDate } from './field-checks';
import { signatureSection } from './agent-sections';
import { agentSignerSection } from './blocks/agency';
import { agencySigner, contactFields, joinedFields } from './signers';
import { LEGAL_ENTITY_EXAMPLE } from './entity-examples';

/** An RCS extract older than this is not "recent" (at most three months). */
const RCS_EXTRACT_MAX_AGE_DAYS = 92;

const daysBetween = (from: string, to: string): number =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

function legalEntityRules(data: TemplateFormData, today: string): Record<string, string> {
  const errors = postalCodeErrors(data, 'siege');
  if (isLuxembourg(data.paysImmatriculation) && isBlank(data.rcs)) errors.rcs = 'validation.required';
  // Recent at the time the client was identified, which is when the form is signed.
  const extract = isoDate(data.extraitRcsDate);
  const signed = isoDate(data.signatureDate);
  if (extract && signed && daysBetween(extract, signed) > RCS_EXTRACT_MAX_AGE_DAYS) {
    errors.extraitRcsDate = 'validation.extractTooOld';
  }
  const founded = isoDate(data.dateConstitution);
  if (founded && founded > today) errors.dateConstitution = 'validation.dateInFuture';
  return errors;
}

/** Client identification form for a legal person (block B2). */
export const LEGAL_ENTITY: TemplateDefinition = {
  type: 'LegalEntity',
  title: "Fiche d'identification — personne morale",
  sections: [
    {
      title: 'Identification',
      fields: [
        ...companyFields(),
        date('dateConstitution', 'Date de constitution'),
        text('tva', 'Numéro de TVA', false, { validator: 'vat_lu' }),
        textarea('objetSocial', 'Objet social et activité réelle'),
        bool('cotee', 'Cotée sur un marché réglementé'),
        onlyIf(when('cotee', true), text('marche', 'Marché réglementé', false)),
      ],
    },
    {
      title: 'Organe de gestion',
      repeat: { name: 'dirigeants', itemLabel: 'Dirigeant', min: 1, max: 12 },
      fields: [
        text('nom', 'Nom'),
        text('prenoms', 'Prénoms'),
        choice('fonction', 'Fonction', [
          'gérant',
          'administrateur',
          'administrateur-délégué',
          'président du conseil',
          'autre',
        ]),
        date('dateNaissance', 'Date de naissance'),
      ],
    },
    {
      title: 'Pouvoirs et documents',
      fields: [
        textarea('pouvoirsSignature', 'Règles de signature (statuts)'),
        date('extraitRcsDate', "Date de l'extrait RCS", true, { help: 'De moins de trois mois' }),
        bool('statutsCoordonnes', 'Statuts coordonnés remis'),
        date('extraitRbeDate', 'Date de consultation du registre des bénéficiaires effectifs'),
      ],
    },
    {
      title: 'Structure de propriété',
      fields: [
        textarea('structureDescription', "Description de l'actionnariat jusqu'aux personnes physiques"),
        bool('structureComplexe', 'Structure complexe (plusieurs niveaux, trust, prête-noms)'),
      ],
    },
    {
      title: 'Objet et nature de la relation',
      fields: [
        choice('role', 'Rôle', ['vendeur', 'acquéreur', 'bailleur', 'locataire', 'autre']),
        choice('objetRelation', 'Objet', [
          'investissement locatif',
          'usage propre',
          'revente',
          'siège',
          'autre',
        ]),
        text('origineFonds', "Origine des fonds pour l'opération"),
      ],
    },
    {
      title: 'Signataire pour la société',
      fields: [
        text('signataireNom', 'Nom de la personne qui signe pour la société'),
        text('signataireQualite', 'Qualité'),
        ...contactFields('signataire', 'du signataire'),
      ],
    },
    agentSignerSection(),
    signatureSection(),
  ],
  signers: [
    {
      key: 'societe',
      role: 'Pour la société',
      name: joinedFields('signataireNom'),
      company: joinedFields('denomination'),
      emailField: 'signataireEmail',
      mobileField: 'signataireMobile',
    },
    agencySigner(),
  ],
  rules: legalEntityRules,
  example: LEGAL_ENTITY_EXAMPLE,
};
