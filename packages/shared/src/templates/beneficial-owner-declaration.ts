import { type TemplateDefinition, type TemplateFormData, type TemplateItem } from '../templates';
import { companyFields } from './blocks/company';
import { bool, choice, date, onlyIf, percent, text, when } from './blocks/fields';
import { asNumber, isBlank } from './field-checks';
import { itemsOf } from './validate';
import { postalCodeErrors } from './blocks/address';
import { signaturePlaceFields } from './blocks/agency';
import { contactFields, joinedFields } from './signers';
import { BO_DECLARATION_EXAMPLE } from './owner-examples';
import { BENEFICIAL_OWNERSHIP_THRESHOLD } from './ownership-chain';

export const INTEREST_NATURES = [
  'détention directe d’actions ou de parts',
  'détention indirecte',
  'droits de vote',
  'contrôle par d’autres moyens',
  'dirigeant principal (par défaut)',
] as const;
const OWNERSHIP_BASED = INTEREST_NATURES.slice(0, 3);

function ownerErrors(owner: TemplateItem, path: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (isBlank(owner.matricule) && isBlank(owner.idEtranger))
    errors[`${path}idEtranger`] = 'validation.required';
  const share = asNumber(owner.etendue);
  if (share !== null && share <= BENEFICIAL_OWNERSHIP_THRESHOLD) {
    errors[`${path}etendue`] = 'validation.beneficialOwnerThreshold';
  }
  return errors;
}

function declarationRules(data: TemplateFormData): Record<string, string> {
  const errors = postalCodeErrors(data, 'siege');
  itemsOf(data, 'beneficiaires').forEach((owner, index) =>
    Object.assign(errors, ownerErrors(owner, `beneficiaires.${index}.`)),
  );
  if (data.engagementInformer === false) errors.engagementInformer = 'validation.mustAccept';
  return errors;
}

/** The client's declaration of its beneficial owners, with the RBE's field set. */
export const BENEFICIAL_OWNER_DECLARATION: TemplateDefinition = {
  type: 'BeneficialOwnerDeclaration',
  title: 'Déclaration relative aux bénéficiaires effectifs',
  sections: [
    { title: 'Entité déclarante', fields: companyFields() },
    {
      title: 'Bénéficiaires effectifs',
      repeat: { name: 'beneficiaires', itemLabel: 'Bénéficiaire effectif', min: 1, max: 10 },
      fields: [
        text('nom', 'Nom'),
        text('prenoms', 'Prénoms'),
        text('nationalites', 'Nationalité(s)'),
        date('dateNaissance', 'Date de naissance'),
        text('lieuNaissance', 'Lieu de naissance'),
        text('paysResidence', 'Pays de résidence'),
        text('adresse', 'Adresse privée ou professionnelle', true, { maxLength: 300 }),
        text('matricule', "Numéro d'identification national (matricule)", false, {
          validator: 'matricule_lu',
        }),
        text('idEtranger', "Numéro d'identification étranger", false, {
          help: 'À défaut de matricule luxembourgeois',
        }),
        choice('natureInterets', 'Nature des intérêts effectifs', INTEREST_NATURES),
        onlyIf(
          when('natureInterets', ...OWNERSHIP_BASED),
          percent('etendue', 'Étendue des intérêts (% du capital ou des droits de vote)', false, {
            help: 'Plus de 25 %',
          }),
        ),
        onlyIf(
          when('natureInterets', 'détention indirecte'),
          text('viaEntite', 'Par l’intermédiaire de', false),
        ),
        bool('ppe', 'Personne politiquement exposée'),
      ],
    },
    {
      title: 'Cas particuliers',
      fields: [
        bool('trust', 'L’entité est un trust ou une fiducie'),
        onlyIf(
          when('trust', true),
          text('trustParties', 'Constituant, fiduciaire(s), protecteur, bénéficiaires', false, {
            maxLength: 1000,
          }),
        ),
      ],
    },
    {
      title: 'Registre des bénéficiaires effectifs',
      fields: [
        bool('concordanceRbe', 'La présente déclaration correspond à l’inscription au RBE'),
        date('dateMajRbe', 'Date de la dernière mise à jour au RBE'),
        bool('engagementInformer', "L'entité s'engage à informer l'agence de tout changement"),
      ],
    },
    {
      title: 'Signature',
      fields: [
        text('signataireNom', 'Nom du représentant légal'),
        text('signataireQualite', 'Qualité'),
        ...contactFields('signataire', 'du représentant légal'),
        ...signaturePlaceFields(),
      ],
    },
  ],
  signers: [
    {
      key: 'representant',
      role: "Le représentant légal de l'entité",
      name: joinedFields('signataireNom'),
      company: joinedFields('denomination'),
      emailField: 'signataireEmail',
      mobileField: 'signataireMobile',
    },
  ],
  rules: declarationRules,
  example: BO_DECLARATION_EXAMPLE,
};
