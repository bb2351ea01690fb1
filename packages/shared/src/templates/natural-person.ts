import { type TemplateDefinition, type TemplateFormData } from '../templates';
import { isValidPostalCodeLu, matriculeBirthDate } from '../lu-validators';
import { isBlank, isoDate } from './field-checks';
import { isLuxembourg } from './blocks/address';
import { CIVIL_STATUSES, identityDocumentFields } from './blocks/person';
import { EXAMPLE_AGENT } from './blocks/examples';
import { agentSignerSection } from './blocks/agency';
import { agencySigner, joinedFields } from './signers';

export { CIVIL_STATUSES };

/**
 * Client identification form for a natural person (AML law of 12 November 2004, AED circular 792 ter):
 * blocks B1 (identity), B4 (address) and B5 (signature) of the domain guide, with the role in the deal,
 * the identity check and the source of funds.
 */
export const NATURAL_PERSON: TemplateDefinition = {
  type: 'NaturalPerson',
  title: "Fiche d'identification — personne physique",
  sections: [
    {
      title: 'Identification',
      fields: [
        { name: 'nom', label: 'Nom', type: 'text', required: true, maxLength: 100 },
        {
          name: 'nomNaissance',
          label: 'Nom de naissance',
          type: 'text',
          required: false,
          maxLength: 100,
          help: "S'il diffère du nom actuel",
        },
        {
          name: 'prenoms',
          label: 'Prénoms',
          type: 'text',
          required: true,
          maxLength: 200,
          help: "Tous les prénoms, dans l'ordre de l'état civil",
        },
        {
          name: 'sexe',
          label: 'Sexe',
          type: 'enum',
          required: true,
          options: ['Féminin', 'Masculin', 'Autre'],
        },
        { name: 'dateNaissance', label: 'Date de naissance', type: 'date', required: true },
        { name: 'lieuNaissance', label: 'Lieu de naissance', type: 'text', required: true, maxLength: 100 },
        { name: 'paysNaissance', label: 'Pays de naissance', type: 'text', required: true, maxLength: 100 },
        {
          name: 'nationalites',
          label: 'Nationalité(s)',
          type: 'text',
          required: true,
          maxLength: 200,
          help: 'Toutes les nationalités, séparées par des virgules',
        },
        {
          name: 'matricule',
          label: "Numéro d'identification national (matricule)",
          type: 'text',
          required: false,
          validator: 'matricule_lu',
          help: 'Obligatoire pour une personne résidant au Luxembourg',
        },
        {
          name: 'profession',
          label: 'Profession, employeur et secteur',
          type: 'text',
          required: true,
          maxLength: 200,
        },
        { name: 'etatCivil', label: 'État civil', type: 'enum', required: true, options: CIVIL_STATUSES },
        {
          name: 'regimeMatrimonial',
          label: 'Régime matrimonial',
          type: 'enum',
          required: false,
          options: ['communauté légale', 'séparation de biens', 'communauté universelle', 'étranger/autre'],
          help: 'Obligatoire pour une personne mariée',
        },
        {
          name: 'capaciteJuridique',
          label: 'Capacité juridique',
          type: 'enum',
          required: true,
          options: ['majeur capable', 'mineur', 'majeur protégé (tutelle, curatelle)'],
        },
      ],
    },
    {
      title: 'Adresse et coordonnées',
      fields: [
        { name: 'adresseNumero', label: 'Numéro', type: 'text', required: true, maxLength: 20 },
        { name: 'adresseRue', label: 'Rue', type: 'text', required: true, maxLength: 200 },
        {
          name: 'adresseCodePostal',
          label: 'Code postal',
          type: 'text',
          required: true,
          maxLength: 20,
          help: 'Au Luxembourg : L-1234',
        },
        { name: 'adresseLocalite', label: 'Localité', type: 'text', required: true, maxLength: 100 },
        { name: 'adressePays', label: 'Pays de résidence', type: 'text', required: true, maxLength: 100 },
        { name: 'email', label: 'E-mail', type: 'text', required: true, validator: 'email', maxLength: 254 },
        {
          name: 'telephone',
          label: 'Téléphone mobile',
          type: 'text',
          required: true,
          validator: 'mobile',
          maxLength: 32,
          help: 'Reçoit le code de signature par SMS',
        },
      ],
    },
    {
      title: "Document d'identité",
      fields: identityDocumentFields(),
    },
    {
      title: "Rôle dans l'opération",
      fields: [
        {
          name: 'role',
          label: 'Rôle',
          type: 'enum',
          required: true,
          options: ['vendeur', 'acquéreur', 'bailleur', 'locataire', 'autre'],
        },
        { name: 'agitPourComptePropre', label: 'Agit pour son propre compte', type: 'bool', required: true },
        {
          name: 'mandant',
          label: 'Identité de la personne pour le compte de laquelle le client agit',
          type: 'textarea',
          required: false,
          maxLength: 1000,
          help: "Obligatoire si le client n'agit pas pour son propre compte",
        },
      ],
    },
    {
      title: "Vérification de l'identité",
      fields: [
        { name: 'verificationDate', label: 'Date de la vérification', type: 'date', required: true },
        {
          name: 'verificationMethode',
          label: 'Méthode',
          type: 'enum',
          required: true,
          options: ['en présence', 'vidéo', 'eIDAS', 'copie certifiée conforme'],
        },
        { name: 'verifiePar', label: 'Vérifiée par', type: 'text', required: true, maxLength: 100 },
      ],
    },
    {
      title: 'Profil et origine des fonds',
      fields: [
        {
          name: 'origineFonds',
          label: "Origine des fonds pour l'opération",
          type: 'enum',
          required: false,
          options: [
            'épargne',
            'prêt bancaire',
            "vente d'un bien",
            'héritage/donation',
            'revenus professionnels',
            'autre',
          ],
          help: 'Obligatoire pour un acquéreur',
        },
        {
          name: 'originePatrimoine',
          label: 'Origine du patrimoine',
          type: 'textarea',
          required: false,
          maxLength: 2000,
          help: 'À documenter pour un client à risque élevé ou une personne politiquement exposée',
        },
      ],
    },
    {
      title: 'Protection des données',
      fields: [
        {
          name: 'noticeDonnees',
          label:
            "Le client a reçu la notice d'information sur le traitement de ses données (obligation légale, RGPD art. 6, paragraphe 1, point c)",
          type: 'bool',
          required: true,
        },
      ],
    },
    agentSignerSection(),
    {
      title: 'Signature',
      fields: [
        { name: 'signatureLieu', label: 'Fait à', type: 'text', required: true, maxLength: 100 },
        { name: 'signatureDate', label: 'Le', type: 'date', required: true },
      ],
    },
  ],
  signers: [
    {
      key: 'client',
      role: 'Le client',
      name: joinedFields('prenoms', 'nom'),
      emailField: 'email',
      mobileField: 'telephone',
    },
    agencySigner(),
  ],
  rules: naturalPersonRules,
  example: {
    nom: 'Müller-Schäfer',
    nomNaissance: 'Schäfer',
    prenoms: 'Élodie Marie',
    sexe: 'Féminin',
    dateNaissance: '1983-12-01',
    lieuNaissance: 'Esch-sur-Alzette',
    paysNaissance: 'Luxembourg',
    nationalites: 'luxembourgeoise, française',
    matricule: '1983120105747',
    profession: 'Ingénieure, ArcelorMittal, sidérurgie',
    etatCivil: 'marié(e)',
    regimeMatrimonial: 'séparation de biens',
    capaciteJuridique: 'majeur capable',
    adresseNumero: '12',
    adresseRue: "rue de l'Alzette",
    adresseCodePostal: 'L-4011',
    adresseLocalite: 'Esch-sur-Alzette',
    adressePays: 'Luxembourg',
    email: 'elodie.muller@example.lu',
    telephone: '+352 621 123 456',
    pieceType: "carte d'identité",
    pieceNumero: 'LX7K2P9Q4',
    piecePaysEmission: 'Luxembourg',
    pieceDateExpiration: '2034-06-30',
    role: 'acquéreur',
    agitPourComptePropre: false,
    mandant: 'Pour le compte de sa fille, Zoé Müller, née le 3 mai 2010 à Luxembourg',
    verificationDate: '2026-03-02',
    verificationMethode: 'en présence',
    verifiePar: 'Łukasz Żółć',
    ...EXAMPLE_AGENT,
    origineFonds: 'prêt bancaire',
    originePatrimoine: "Épargne salariale et héritage d'un bien à Differdange vendu en 2021",
    noticeDonnees: true,
    signatureLieu: 'Esch-sur-Alzette',
    signatureDate: '2026-03-05',
  },
};

/** The rules between fields (the "C" of the guide): what one answer makes required or impossible. */
export function naturalPersonRules(data: TemplateFormData, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const resident = isLuxembourg(data.adressePays);
  if (resident && isBlank(data.matricule)) errors.matricule = 'validation.required';
  const birthDate = isoDate(data.dateNaissance);
  if (birthDate && birthDate > today) errors.dateNaissance = 'validation.dateInFuture';
  if (birthDate && typeof data.matricule === 'string' && /^\d{8}/.test(data.matricule.replace(/\s/g, ''))) {
    if (matriculeBirthDate(data.matricule) !== birthDate) errors.matricule = 'validation.matriculeBirthDate';
  }
  if (
    resident &&
    typeof data.adresseCodePostal === 'string' &&
    !isValidPostalCodeLu(data.adresseCodePostal)
  ) {
    errors.adresseCodePostal = 'validation.postalCode';
  }
  if (data.etatCivil === 'marié(e)' && isBlank(data.regimeMatrimonial)) {
    errors.regimeMatrimonial = 'validation.required';
  }
  const expiry = isoDate(data.pieceDateExpiration);
  if (expiry && expiry < today) errors.pieceDateExpiration = 'validation.documentExpired';
  if (data.agitPourComptePropre === false && isBlank(data.mandant)) errors.mandant = 'validation.required';
  if (data.role === 'acquéreur' && isBlank(data.origineFonds)) errors.origineFonds = 'validation.required';
  if (data.noticeDonnees === false) errors.noticeDonnees = 'validation.mustAccept';
  return errors;
}
