import { type TemplateDefinition, type TemplateSection, type TemplateSigner } from '../templates';
import { partySigner } from './signers';
import { agencySection, feesFields, signaturePlaceFields } from './blocks/agency';
import { lotsSection, parcelsSection } from './blocks/cadastre';
import { bool, choice, date, decimal, int, money, onlyIf, text, textarea, when } from './blocks/fields';
import {
  buyersSection,
  closingSections,
  deedSections,
  energySection,
  financingSection,
  legalSituationSection,
  priceSection,
  propertySection,
  salesAgreementRules,
  sellersSection,
} from './sale-sections';
import { FLAT_AGREEMENT_EXAMPLE, HOUSE_AGREEMENT_EXAMPLE } from './sales-examples';

/** Compromis de vente: a private deed that binds, "compromis vaut vente". */

const titleSection: TemplateSection = {
  title: 'Origine de propriété',
  fields: [
    text('origineNotaire', 'Acquis par le vendeur suivant acte du notaire', false),
    date('origineDate', "Date de l'acte d'acquisition", false),
    text('origineTranscription', 'Référence de transcription', false),
  ],
};

const coOwnershipSection: TemplateSection = {
  title: 'Copropriété',
  clause:
    "Le bien dépend d'un immeuble soumis à la loi du 16 mai 1975 portant statut de la copropriété des " +
    "immeubles bâtis. L'acquéreur sera subrogé dans les droits et obligations du vendeur envers la copropriété.",
  fields: [
    date('reglementDate', 'Date du règlement de copropriété'),
    text('reglementNotaire', 'Notaire ayant reçu le règlement'),
    text('syndic', 'Syndic (nom et coordonnées)'),
    money('chargesAnnuelles', 'Charges courantes annuelles'),
    money('fondsReserve', 'Quote-part du fonds de réserve', false),
    textarea('travauxVotes', 'Travaux votés non exécutés (montant, à charge de)'),
    bool('dernierPvRemis', "Procès-verbal de la dernière assemblée générale remis à l'acquéreur"),
    onlyIf(when('dernierPvRemis', true), date('dernierPvDate', 'Date de cette assemblée générale', false)),
    bool('cadastreVertical', 'Le cadastre vertical est établi'),
  ],
};

const houseSituationSection: TemplateSection = {
  title: 'Situation de la maison',
  fields: [
    textarea('mitoyennete', 'Mitoyenneté', false),
    bool('mesurageOfficiel', 'Un mesurage officiel de moins d’un an a été réalisé', false),
    onlyIf(when('mesurageOfficiel', true), date('mesurageDate', 'Date du mesurage officiel', false)),
    text('conformiteAutorisations', 'Conformité aux autorisations de bâtir', false),
    text('raccordements', 'Raccordements et assainissement', false),
    text('chauffage', 'Chauffage (type, citerne)', false),
    text('zonePag', 'Zone du plan d’aménagement général (PAG)', false),
  ],
};

function agreementSections(property: TemplateSection[]): TemplateSection[] {
  return [
    sellersSection('Vendeur(s)', 'Vendeur'),
    buyersSection(),
    agencySection('Intermédiaire'),
    ...property,
    titleSection,
    legalSituationSection(),
  ];
}

function closing(): TemplateSection[] {
  return [
    energySection(),
    priceSection(),
    financingSection(),
    ...deedSections(),
    { title: "Honoraires d'agence", fields: feesFields() },
    ...closingSections(),
    { title: 'Signature', fields: signaturePlaceFields() },
  ];
}

/**
 * The parties sign, sellers then buyers; the agency, an intermediary and no party to the sale, has a box of
 * its own that names it.
 */
function agreementSigners(): TemplateSigner[] {
  return [partySigner('vendeurs', 'Vendeur'), partySigner('acquereurs', 'Acquéreur')];
}

export const FLAT_SALES_AGREEMENT: TemplateDefinition = {
  type: 'FlatSalesAgreement',
  title: 'Compromis de vente — appartement',
  layout: 'contract',
  sections: [
    ...agreementSections([
      propertySection('Désignation du bien', [
        text('residence', 'Nom de la résidence', false),
        int('nombreChambres', 'Nombre de chambres', false),
        textarea('mobilierInclus', 'Mobilier et équipements inclus', false),
      ]),
      parcelsSection("Parcelle(s) d'assiette de l'immeuble", false),
      lotsSection('Lots privatifs vendus'),
    ]),
    coOwnershipSection,
    ...closing(),
  ],
  signers: agreementSigners(),
  agencyBox: true,
  rules: salesAgreementRules,
  example: FLAT_AGREEMENT_EXAMPLE,
};

export const HOUSE_SALES_AGREEMENT: TemplateDefinition = {
  type: 'HouseSalesAgreement',
  title: 'Compromis de vente — maison',
  layout: 'contract',
  sections: [
    ...agreementSections([
      propertySection('Désignation du bien', [
        choice('typeMaison', 'Type de maison', ['isolée', 'jumelée', 'en bande'], false),
        decimal('surfaceHabitable', 'Surface habitable (m²)', false),
        int('anneeConstruction', 'Année de construction', false),
        int('nombreChambres', 'Nombre de chambres', false),
        textarea('mobilierInclus', 'Mobilier et équipements inclus', false),
      ]),
      parcelsSection('Parcelle(s) cadastrale(s)', true),
    ]),
    houseSituationSection,
    ...closing(),
  ],
  signers: agreementSigners(),
  agencyBox: true,
  rules: salesAgreementRules,
  example: HOUSE_AGREEMENT_EXAMPLE,
};
