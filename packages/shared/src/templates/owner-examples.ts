import { type TemplateFormData } from '../templates';

/** Complete samples of the beneficial-owner forms: a SARL held through a Belgian holding. */

/** Who signs the agency's AML worksheets. */
export const COMPLIANCE_OFFICER: TemplateFormData = {
  responsable: 'Jean-Loïc Schmit',
  responsableEmail: 'jl.schmit@alzette-immo.lu',
  responsableMobile: '+352 691 234 507',
};

const COMPANY: TemplateFormData = {
  denomination: 'Immobilière Sûre-et-Moselle',
  formeJuridique: 'SARL',
  rcs: 'B186284',
  paysImmatriculation: 'Luxembourg',
  siegeNumero: '5',
  siegeRue: 'route de Trèves',
  siegeComplement: 'Zone d’activités Potaschbierg',
  siegeCodePostal: 'L-6793',
  siegeLocalite: 'Grevenmacher',
  siegePays: 'Luxembourg',
};

export const BO_DECLARATION_EXAMPLE: TemplateFormData = {
  ...COMPANY,
  beneficiaires: [
    {
      nom: 'Lefèvre',
      prenoms: 'François Noël',
      nationalites: 'belge',
      dateNaissance: '1972-12-25',
      lieuNaissance: 'Arlon',
      paysResidence: 'Belgique',
      adresse: '18, avenue de la Gare, 6700 Arlon (Belgique)',
      matricule: '1972122500171',
      idEtranger: '72.12.25-123.45',
      natureInterets: 'détention indirecte',
      etendue: 42,
      viaEntite: 'Moselle Holding SA',
      ppe: false,
    },
    {
      nom: 'Wójcik',
      prenoms: 'Małgorzata',
      nationalites: 'polonaise, luxembourgeoise',
      dateNaissance: '1980-03-03',
      lieuNaissance: 'Gdańsk',
      paysResidence: 'Luxembourg',
      adresse: '2, place Guillaume II, L-1648 Luxembourg',
      matricule: '1980030300488',
      idEtranger: 'PL-ABC123456',
      natureInterets: 'détention directe d’actions ou de parts',
      etendue: 40,
      viaEntite: null,
      ppe: true,
    },
  ],
  trust: false,
  trustParties: null,
  concordanceRbe: true,
  dateMajRbe: '2025-11-18',
  engagementInformer: true,
  signataireNom: 'François Lefèvre',
  signataireQualite: 'gérant',
  signataireEmail: 'francois.lefevre@sure-moselle.lu',
  signataireMobile: '+352 661 234 502',
  signatureLieu: 'Grevenmacher',
  signatureDate: '2026-03-05',
};

export const BO_IDENTIFICATION_EXAMPLE: TemplateFormData = {
  entiteDenomination: 'Immobilière Sûre-et-Moselle',
  entiteRcs: 'B186284',
  entitePays: 'Luxembourg',
  chaine: [
    {
      niveau: 1,
      detenteur: 'Moselle Holding SA',
      typeDetenteur: 'entité',
      detientDans: 'Immobilière Sûre-et-Moselle',
      pays: 'Belgique',
      pourcentage: 60,
    },
    {
      niveau: 1,
      detenteur: 'Małgorzata Wójcik',
      typeDetenteur: 'personne physique',
      detientDans: 'Immobilière Sûre-et-Moselle',
      pays: 'Luxembourg',
      pourcentage: 40,
    },
    {
      niveau: 2,
      detenteur: 'François Lefèvre',
      typeDetenteur: 'personne physique',
      detientDans: 'Moselle Holding SA',
      pays: 'Belgique',
      pourcentage: 70,
    },
    {
      niveau: 2,
      detenteur: 'Søren Ødegård',
      typeDetenteur: 'personne physique',
      detientDans: 'Moselle Holding SA',
      pays: 'Danemark',
      pourcentage: 30,
    },
  ],
  controleAutresMoyens: 'Aucune autre personne ne contrôle l’entité',
  dirigeantPrincipal: 'François Lefèvre, gérant',
  beNonIdentifiable: false,
  piecesVerifiees: true,
  mesuresRaisonnables:
    'Copies certifiées des pièces d’identité, registre des actionnaires de Moselle Holding SA',
  dateConsultationRbe: '2026-02-10',
  concordanceRbe: false,
  divergenceAction: 'Part de M. Ødegård absente du RBE : divergence signalée à LBR le 11 février 2026',
  structureComplexe: true,
  preteNoms: false,
  actionsPorteur: false,
  conclusion: 'Bénéficiaires effectifs : M. Lefèvre (42 %) et Mme Wójcik (40 %) ; vigilance renforcée',
  ...COMPLIANCE_OFFICER,
  signatureLieu: 'Luxembourg',
  signatureDate: '2026-03-05',
};
