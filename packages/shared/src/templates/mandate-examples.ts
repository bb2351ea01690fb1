import { type TemplateFormData } from '../templates';
import {
  EXAMPLE_AGENT,
  EXAMPLE_AGENCY,
  EXAMPLE_COMPANY_SELLER,
  EXAMPLE_FEES,
  EXAMPLE_LOTS,
  EXAMPLE_PARCEL,
  EXAMPLE_PRICE,
  EXAMPLE_SELLER,
} from './blocks/examples';

/** Complete sample mandates: two owners (a person and a company) give an exclusive mandate. */
const COMMON: TemplateFormData = {
  mandants: [EXAMPLE_SELLER, EXAMPLE_COMPANY_SELLER],
  ...EXAMPLE_AGENCY,
  ...EXAMPLE_AGENT,
  rcAssureur: 'Foyer Assurances S.A.',
  rcPolice: 'RC-PRO-778412',
  bienNumero: '45',
  bienRue: 'rue de la Gare',
  bienComplement: 'Résidence « Les Tilleuls »',
  bienCodePostal: 'L-8066',
  bienLocalite: 'Bertrange',
  occupation: "libre d'occupation",
  classeEnergetique: 'B',
  parcelles: [EXAMPLE_PARCEL],
  typeMandat: 'exclusif',
  prixPresentation: EXAMPLE_PRICE,
  fraisAgenceInclus: true,
  prixMinimum: 740000,
  peutAccepterOffre: false,
  dateDebut: '2026-03-12',
  dureeMois: 12,
  periodeExclusiviteMois: 6,
  reconductionTacite: false,
  preavisJours: 30,
  ...EXAMPLE_FEES,
  indemniteVenteDirecte: 'Les honoraires convenus restent dus en cas de vente directe pendant l’exclusivité',
  remettreCpe: true,
  titrePropriete: true,
  permettreVisites: true,
  informerOffres: true,
  canauxDiffusion: 'athome.lu, immotop.lu, panneau sur place, vitrine de l’agence',
  frequenceCompteRendu: 'bimensuel',
  consentementIdentification: true,
  noticeRgpd: true,
  signatureLieu: 'Bertrange',
  signatureDate: '2026-03-12',
};

export const FLAT_MANDATE_EXAMPLE: TemplateFormData = {
  ...COMMON,
  residence: 'Les Tilleuls',
  surfaceTotale: 96.85,
  lots: EXAMPLE_LOTS,
  documentsCopro: true,
};

export const HOUSE_MANDATE_EXAMPLE: TemplateFormData = {
  ...COMMON,
  bienComplement: 'Maison d’angle',
  typeMaison: 'jumelée',
  surfaceHabitable: 186.4,
  anneeConstruction: 1978,
};
