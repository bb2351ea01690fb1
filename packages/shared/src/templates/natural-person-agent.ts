import { type TemplateDefinition, type TemplateFormData } from '../templates';
import { isoDate } from './field-checks';
import { identityDocumentFields, identityErrors, naturalIdentityFields } from './blocks/person';
import { choice, date, onlyIf, text, when } from './blocks/fields';
import { powersFields, signatureSection, verificationSection } from './agent-sections';
import { agentSignerSection } from './blocks/agency';
import { EXAMPLE_AGENT } from './blocks/examples';
import { agencySigner, personSigner } from './signers';

const NOTARIAL = when('sourcePouvoirs', 'procuration notariée');

/**
 * Identification of a natural person's agent: the person represented, the agent
 * (block B3), the powers, which must be express for a sale (Civil Code art. 1988), and the checks made.
 */
export const NATURAL_PERSON_AGENT: TemplateDefinition = {
  type: 'NaturalPersonAgent',
  title: "Fiche d'identification — mandataire d'une personne physique",
  sections: [
    {
      title: 'Personne représentée',
      fields: [
        text('representeNom', 'Nom'),
        text('representePrenoms', 'Prénoms'),
        date('representeDateNaissance', 'Date de naissance'),
        text('representeNationalites', 'Nationalité(s)'),
        text('representeAdresse', 'Adresse complète', true, { maxLength: 300 }),
        ...identityDocumentFields().map((field) => ({
          ...field,
          name: `represente${field.name[0]?.toUpperCase()}${field.name.slice(1)}`,
          label: `${field.label} (personne représentée)`,
        })),
      ],
    },
    { title: 'Mandataire', fields: naturalIdentityFields() },
    {
      title: 'Pouvoirs',
      clause:
        "La vente d'un bien immobilier exige un mandat exprès (article 1988 du Code civil) : les pouvoirs " +
        'ci-dessous sont vérifiés sur le document qui les confère.',
      fields: [
        ...powersFields(
          ['mandataire spécial (procuration)', 'tuteur', 'curateur', 'administrateur légal', 'autre'],
          ['procuration sous seing privé', 'procuration notariée', 'jugement'],
        ),
        onlyIf(NOTARIAL, text('procurationNotaire', 'Notaire ayant reçu la procuration', false)),
        onlyIf(NOTARIAL, text('procurationRepertoire', 'Numéro de répertoire', false)),
        choice('lien', 'Lien avec la personne représentée', [
          'conjoint',
          'parent',
          'avocat',
          'notaire',
          'professionnel',
          'autre',
        ]),
      ],
    },
    verificationSection("Vérification de l'identité et des pouvoirs"),
    agentSignerSection(),
    signatureSection(),
  ],
  signers: [personSigner('mandataire', 'Le mandataire'), agencySigner()],
  rules: (data: TemplateFormData, today: string) => {
    const errors = identityErrors(data, today);
    const expiry = isoDate(data.representePieceDateExpiration);
    if (expiry && expiry < today) errors.representePieceDateExpiration = 'validation.documentExpired';
    const end = isoDate(data.finValidite);
    if (end && end < today) errors.finValidite = 'validation.powersExpired';
    return errors;
  },
  example: {
    representeNom: 'Schäfer',
    representePrenoms: 'Gérard Émile',
    representeDateNaissance: '1941-07-09',
    representeNationalites: 'luxembourgeoise',
    representeAdresse: '3, rue des Prés, L-7561 Mersch (Luxembourg)',
    representePieceType: 'passeport',
    representePieceNumero: 'LU9K33Q12',
    representePiecePaysEmission: 'Luxembourg',
    representePieceDateExpiration: '2031-02-14',
    nom: 'Müller-Schäfer',
    prenoms: 'Élodie Marie',
    dateNaissance: '1983-12-01',
    lieuNaissance: 'Esch-sur-Alzette',
    nationalites: 'luxembourgeoise',
    matricule: '1983120105747',
    profession: 'ingénieure',
    adresseNumero: '12',
    adresseRue: "rue de l'Alzette",
    adresseComplement: '2e étage',
    adresseCodePostal: 'L-4011',
    adresseLocalite: 'Esch-sur-Alzette',
    adressePays: 'Luxembourg',
    email: 'elodie.muller@example.lu',
    mobile: '+352 621 234 506',
    pieceType: "carte d'identité",
    pieceNumero: 'LX7K2P9Q4',
    piecePaysEmission: 'Luxembourg',
    pieceDateExpiration: '2034-06-30',
    qualite: 'mandataire spécial (procuration)',
    sourcePouvoirs: 'procuration notariée',
    datePouvoirs: '2026-01-20',
    etenduePouvoirs: 'Signer le compromis et l’acte de vente, percevoir le prix',
    finValidite: '2030-12-31',
    procurationNotaire: 'Maître Hélène Brück, notaire à Mersch',
    procurationRepertoire: 'Rép. 2026/0187',
    lien: 'parent',
    verificationDate: '2026-03-02',
    verificationMethode: 'eIDAS',
    verifiePar: 'Anne-Sophie Weißmann',
    ...EXAMPLE_AGENT,
    signatureLieu: 'Mersch',
    signatureDate: '2026-03-05',
  },
};
