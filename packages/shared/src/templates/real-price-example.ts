import { type TemplateFormData } from '../templates';
import {
  EXAMPLE_BUYER,
  EXAMPLE_FEES,
  EXAMPLE_PARCEL,
  EXAMPLE_PRICE,
  EXAMPLE_SELLER,
} from './blocks/examples';

/** A complete sample certificate: the flat of the sample agreement, paid partly by a third party. */
export const REAL_PRICE_EXAMPLE: TemplateFormData = {
  vendeurs: [EXAMPLE_SELLER],
  acquereurs: [{ ...EXAMPLE_BUYER, quotePartAcquisition: 100 }],
  compromisDate: '2026-03-12',
  agenceNom: 'Agence Alzette Immobilier SARL',
  bienNumero: '45',
  bienRue: 'rue de la Gare',
  bienComplement: 'Résidence « Les Tilleuls »',
  bienCodePostal: 'L-8066',
  bienLocalite: 'Bertrange',
  parcelles: [EXAMPLE_PARCEL],
  prix: EXAMPLE_PRICE,
  prixMobilier: 15000,
  mobilierListe: 'Cuisine équipée, placards encastrés, stores électriques',
  prixEmplacements: 45000,
  declarationPrixTotal: true,
  declarationAucuneSomme: true,
  declarationSansEspeces: true,
  acompteMontant: 78500.05,
  acompteDate: '2026-03-19',
  soldeActe: 706500.45,
  ibanDebite: 'LU28 0019 4006 4475 0000',
  titulaireEstAcquereur: false,
  titulaireCompte: 'Jadwiga Kowalczyk (mère de l’acquéreur)',
  banquePreteuse: 'Banque et Caisse d’Épargne de l’État (Spuerkeess)',
  ...EXAMPLE_FEES,
  signatureLieu: 'Luxembourg',
  signatureDate: '2026-03-12',
};
