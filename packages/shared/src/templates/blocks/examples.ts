import { type TemplateFormData, type TemplateItem } from '../../templates';

/**
 * Sample parties, parcels and lots the templates' examples share: accented and Central European names,
 * a company, a Luxembourg cadastral designation. Every field of each block is filled in.
 */
export const EXAMPLE_SELLER: TemplateItem = {
  typePersonne: 'personne physique',
  civilite: 'Mme',
  nom: 'Müller-Schäfer',
  prenoms: 'Élodie Marie',
  dateNaissance: '1983-12-01',
  lieuNaissance: 'Esch-sur-Alzette',
  nationalites: 'luxembourgeoise',
  matricule: '1983120105747',
  profession: 'ingénieure',
  etatCivil: 'marié(e)',
  regimeMatrimonial: 'séparation de biens',
  formeJuridique: null,
  rcs: null,
  representant: null,
  adresseNumero: '12',
  adresseRue: "rue de l'Alzette",
  adresseComplement: '2e étage',
  adresseCodePostal: 'L-4011',
  adresseLocalite: 'Esch-sur-Alzette',
  adressePays: 'Luxembourg',
  email: 'elodie.muller@example.lu',
  mobile: '+352 621 234 501',
};

export const EXAMPLE_COMPANY_SELLER: TemplateItem = {
  typePersonne: 'personne morale',
  civilite: null,
  nom: 'Immobilière Sûre-et-Moselle',
  prenoms: null,
  dateNaissance: null,
  lieuNaissance: null,
  nationalites: null,
  matricule: null,
  profession: null,
  etatCivil: null,
  regimeMatrimonial: null,
  formeJuridique: 'SARL',
  rcs: 'B 186.284',
  representant: 'François Lefèvre, gérant',
  adresseNumero: '5',
  adresseRue: 'route de Trèves',
  adresseComplement: 'Bâtiment Moselle',
  adresseCodePostal: 'L-6793',
  adresseLocalite: 'Grevenmacher',
  adressePays: 'Luxembourg',
  email: 'contact@sure-moselle.lu',
  mobile: '+352 661 234 502',
};

export const EXAMPLE_BUYER: TemplateItem = {
  typePersonne: 'personne physique',
  civilite: 'M.',
  nom: 'Kowalczyk',
  prenoms: 'Łukasz Jérôme',
  dateNaissance: '1987-09-14',
  lieuNaissance: 'Kraków',
  nationalites: 'polonaise',
  matricule: '1987091400260',
  profession: 'analyste financier',
  etatCivil: 'célibataire',
  regimeMatrimonial: null,
  formeJuridique: null,
  rcs: null,
  representant: null,
  adresseNumero: '27',
  adresseRue: 'rue Mozart',
  adresseComplement: 'Appartement 4B',
  adresseCodePostal: '57000',
  adresseLocalite: 'Metz',
  adressePays: 'France',
  email: 'lukasz.kowalczyk@example.fr',
  mobile: '+33 6 12 34 56 03',
};

export const EXAMPLE_PARCEL: TemplateItem = {
  commune: 'Bertrange',
  section: 'A de Bertrange',
  numero: '143/1012',
  lieuDit: 'Rue de la Gare',
  nature: 'place (occupée), bâtiment à habitation',
  contenance: 1245,
};

export const EXAMPLE_LOTS: TemplateItem[] = [
  {
    numeroLot: '012',
    designationCadastrale: "numéro d'ordre 012, bloc A, escalier 1, 2e étage",
    nature: 'appartement',
    etage: '2e étage',
    surfaceUtile: 84.35,
    quotePart: 96,
    quotePartBase: 'millièmes',
  },
  {
    numeroLot: '031',
    designationCadastrale: "numéro d'ordre 031, bloc A, sous-sol -1",
    nature: 'emplacement intérieur',
    etage: 'sous-sol -1',
    surfaceUtile: 12.5,
    quotePart: 8,
    quotePartBase: 'millièmes',
  },
];

/** The agent who signs for the agency. */
export const EXAMPLE_AGENT: TemplateFormData = {
  agentNom: 'Anne-Sophie Weißmann',
  agentEmail: 'as.weissmann@alzette-immo.lu',
  agentMobile: '+352 691 234 505',
};

/** The agency block; a mandate adds the agent's e-mail and mobile (the agency signs it). */
export const EXAMPLE_AGENCY: TemplateFormData = {
  agenceNom: 'Agence Alzette Immobilier SARL',
  agenceRcs: 'B278900',
  agenceTva: 'LU15027442',
  agenceAutorisation: '10045678/3',
  agenceNumero: '3',
  agenceRue: 'boulevard Royal',
  agenceComplement: 'Bâtiment Élysée',
  agenceCodePostal: 'L-2449',
  agenceLocalite: 'Luxembourg',
  agentNom: EXAMPLE_AGENT.agentNom,
};

/** 3 % of 785 000,50 € plus 17 % VAT. */
export const EXAMPLE_FEES: TemplateFormData = {
  honorairesDebiteur: 'vendeur',
  honorairesTaux: 3,
  honorairesHtva: 23550.02,
  honorairesTauxTva: 17,
  honorairesTtc: 27553.52,
  honorairesExigibilite: "à la signature de l'acte authentique",
};

export const EXAMPLE_PRICE = 785000.5;
