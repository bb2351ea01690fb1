import {
  type TemplateDefinition,
  type TemplateFormData,
  type TemplateSection,
  type TemplateSigner,
} from '../templates';
import { agencySigner, partySigner } from './signers';
import { asNumber } from './field-checks';
import { itemsOf } from './validate';
import { addressFields } from './blocks/address';
import { agencySection, feesErrors, feesFields, signaturePlaceFields } from './blocks/agency';
import { lotsErrors, lotsSection, parcelsSection } from './blocks/cadastre';
import { bool, choice, date, decimal, int, money, onlyIf, text, textarea, when } from './blocks/fields';
import { partiesErrors } from './blocks/person';
import { ENERGY_CLASSES, sellersSection } from './sale-sections';
import { FLAT_MANDATE_EXAMPLE, HOUSE_MANDATE_EXAMPLE } from './mandate-examples';

/** Mandat de vente: an express mandate to sell (Civil Code art. 1988). */

const EXCLUSIVE = when('typeMandat', 'exclusif');
const MUST_ACCEPT = ['remettreCpe', 'titrePropriete', 'permettreVisites', 'informerOffres', 'documentsCopro'];

function propertySection(extra: TemplateSection['fields']): TemplateSection {
  return {
    title: 'Bien à vendre',
    fields: [
      ...addressFields('bien', 'luxembourg').map((field) => ({ ...field, label: `Bien — ${field.label}` })),
      ...extra,
      choice('occupation', 'Occupation', ["libre d'occupation", 'loué']),
      choice('classeEnergetique', 'Classe de performance énergétique', ENERGY_CLASSES),
    ],
  };
}

function termsSections(ownerDuties: TemplateSection['fields']): TemplateSection[] {
  return [
    {
      title: 'Type de mandat',
      fields: [
        choice('typeMandat', 'Type de mandat', ['exclusif', 'simple (non exclusif)', 'semi-exclusif']),
      ],
    },
    {
      title: 'Prix',
      fields: [
        money('prixPresentation', 'Prix de présentation'),
        bool('fraisAgenceInclus', "Prix présenté frais d'agence inclus"),
        money('prixMinimum', 'Prix minimum accepté (confidentiel)', false),
        bool('peutAccepterOffre', 'Le mandataire peut accepter une offre au nom du mandant'),
      ],
    },
    {
      title: 'Durée',
      fields: [
        date('dateDebut', 'Date de prise d’effet'),
        int('dureeMois', 'Durée (mois)', true, { help: "D'usage : 12 mois" }),
        onlyIf(EXCLUSIVE, int('periodeExclusiviteMois', "Période d'exclusivité (mois)", false)),
        bool('reconductionTacite', 'Reconduction tacite'),
        int('preavisJours', 'Préavis de résiliation par lettre recommandée (jours)'),
      ],
    },
    {
      title: 'Honoraires',
      clause: "Les honoraires ne sont dus qu'à la signature de l'acte authentique de vente.",
      fields: [
        ...feesFields(),
        onlyIf(
          EXCLUSIVE,
          textarea('indemniteVenteDirecte', 'Indemnité en cas de vente directe par le mandant', false),
        ),
      ],
    },
    {
      title: 'Obligations du mandant',
      clause: 'Le mandant s’engage à :',
      fields: [
        bool('remettreCpe', 'remettre le certificat de performance énergétique'),
        bool('titrePropriete', 'remettre son titre de propriété'),
        ...ownerDuties,
        bool('permettreVisites', 'permettre les visites'),
        bool('informerOffres', 'informer le mandataire de toute offre reçue'),
      ],
    },
    {
      title: 'Obligations du mandataire',
      fields: [
        textarea('canauxDiffusion', 'Canaux de diffusion (portails, panneau, vitrine)', false),
        choice(
          'frequenceCompteRendu',
          'Compte rendu au mandant',
          ['hebdomadaire', 'bimensuel', 'mensuel'],
          false,
        ),
      ],
    },
    {
      title: 'Lutte contre le blanchiment et protection des données',
      clause:
        "Le mandant accepte d'être identifié conformément à la loi modifiée du 12 novembre 2004 et a reçu la " +
        'notice relative au traitement de ses données (RGPD, art. 6, paragraphe 1, point c).',
      fields: [
        bool('consentementIdentification', "Le mandant accepte les mesures d'identification"),
        bool('noticeRgpd', 'Le mandant a reçu la notice de protection des données'),
      ],
    },
    { title: 'Signature', fields: signaturePlaceFields() },
  ];
}

function mandateRules(data: TemplateFormData, today: string): Record<string, string> {
  const errors: Record<string, string> = {
    ...partiesErrors(itemsOf(data, 'mandants'), 'mandants', today),
    ...lotsErrors(itemsOf(data, 'lots')),
    ...feesErrors(data),
  };
  for (const name of [...MUST_ACCEPT, 'consentementIdentification', 'noticeRgpd']) {
    if (data[name] === false) errors[name] = 'validation.mustAccept';
  }
  const minimum = asNumber(data.prixMinimum);
  const asking = asNumber(data.prixPresentation);
  if (minimum !== null && asking !== null && minimum > asking)
    errors.prixMinimum = 'validation.minimumAboveAsking';
  const exclusivity = asNumber(data.periodeExclusiviteMois);
  const months = asNumber(data.dureeMois);
  if (exclusivity !== null && months !== null && exclusivity > months) {
    errors.periodeExclusiviteMois = 'validation.exclusivityTooLong';
  }
  return errors;
}

function mandateSections(
  property: TemplateSection[],
  ownerDuties: TemplateSection['fields'],
): TemplateSection[] {
  return [
    sellersSection('Mandant(s)', 'Mandant', 'mandants'),
    {
      ...agencySection('Mandataire', true),
      fields: [
        ...agencySection('Mandataire', true).fields,
        text('rcAssureur', 'Assureur responsabilité civile professionnelle'),
        text('rcPolice', 'Numéro de police', false),
      ],
    },
    ...property,
    ...termsSections(ownerDuties),
  ];
}

/** The owners who give the mandate, then the agency that takes it. */
function mandateSigners(): TemplateSigner[] {
  return [partySigner('mandants', 'Mandant'), agencySigner('Le mandataire')];
}

export const FLAT_SALES_MANDATE: TemplateDefinition = {
  type: 'FlatSalesMandate',
  title: 'Mandat de vente — appartement',
  layout: 'contract',
  sections: mandateSections(
    [
      propertySection([
        text('residence', 'Nom de la résidence', false),
        decimal('surfaceTotale', 'Surface utile totale (m²)'),
      ]),
      parcelsSection("Parcelle(s) d'assiette de l'immeuble", false),
      lotsSection('Lots privatifs'),
    ],
    [
      bool(
        'documentsCopro',
        'remettre le règlement de copropriété, le dernier PV d’AG et le décompte des charges',
      ),
    ],
  ),
  signers: mandateSigners(),
  rules: mandateRules,
  example: FLAT_MANDATE_EXAMPLE,
};

export const HOUSE_SALES_MANDATE: TemplateDefinition = {
  type: 'HouseSalesMandate',
  title: 'Mandat de vente — maison',
  layout: 'contract',
  sections: mandateSections(
    [
      propertySection([
        choice('typeMaison', 'Type de maison', ['isolée', 'jumelée', 'en bande']),
        decimal('surfaceHabitable', 'Surface habitable (m²)'),
        int('anneeConstruction', 'Année de construction', false),
      ]),
      parcelsSection('Parcelle(s) cadastrale(s)', true),
    ],
    [],
  ),
  signers: mandateSigners(),
  rules: mandateRules,
  example: HOUSE_MANDATE_EXAMPLE,
};
