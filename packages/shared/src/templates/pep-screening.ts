import { type TemplateDefinition, type TemplateFormData, type TemplateScalar } from '../templates';
import { assessRisk, riskInput, RISK_LEVEL_LABELS, type RiskInput } from '../aml/risk-score';
import { signaturePlaceFields } from './blocks/agency';
import { complianceSigner, complianceSignerFields, contactFields, joinedFields } from './signers';
import { bool, choice, date, onlyIf, requiredIf, text, textarea, when } from './blocks/fields';
import { PEP_SCREENING_EXAMPLE } from './aml-examples';

/** Prominent public functions, Directive 2015/849 art. 3(9) points a to h. */
export const PEP_FUNCTIONS = [
  "chef d'État, chef de gouvernement, ministre, ministre délégué ou secrétaire d'État",
  'membre d’un parlement ou d’un organe législatif similaire',
  "membre de l'organe dirigeant d'un parti politique",
  "membre d'une cour suprême, d'une cour constitutionnelle ou d'une haute juridiction",
  "membre d'une cour des comptes ou du conseil d'une banque centrale",
  "ambassadeur, chargé d'affaires ou officier supérieur des forces armées",
  "membre d'un organe de direction ou de surveillance d'une entreprise publique",
  "directeur ou membre du conseil d'une organisation internationale",
] as const;

const SCREENING_RESULTS = [
  'aucune correspondance',
  'faux positif écarté',
  'correspondance confirmée',
] as const;

/** PEP by the client's own answers or by the agency's screening. */
export function isPep(data: TemplateFormData): boolean {
  return (
    data.fonctionPublique === true ||
    data.membreFamille === true ||
    data.procheAssocie === true ||
    data.resultatPpe === 'PPE confirmée'
  );
}

export function riskInputOfPepScreening(data: TemplateFormData): RiskInput {
  return riskInput(
    { pep: isPep(data) ? 3 : 1 },
    { sanctionsMatch: data.resultatSanctions === SCREENING_RESULTS[2] },
  );
}

function computed(data: TemplateFormData): Record<string, TemplateScalar> {
  const result = assessRisk(riskInputOfPepScreening(data));
  return { estPpe: isPep(data) ? 'oui' : 'non', niveauRisque: RISK_LEVEL_LABELS[result.level] };
}

const PEP = when('estPpe', 'oui');

/** Contrôle PPE et sanctions: self-declaration, screening, measures for a PEP. */
export const PEP_SCREENING: TemplateDefinition = {
  type: 'PepScreening',
  title: 'Contrôle des personnes politiquement exposées et des sanctions',
  sections: [
    {
      title: 'Personne contrôlée',
      fields: [
        text('nom', 'Nom'),
        text('prenoms', 'Prénoms'),
        date('dateNaissance', 'Date de naissance'),
        text('nationalites', 'Nationalité(s)'),
        ...contactFields('', 'du client'),
      ],
    },
    {
      title: 'Auto-déclaration du client',
      fields: [
        bool(
          'fonctionPublique',
          'Exercez-vous ou avez-vous exercé au cours des 12 derniers mois une fonction publique importante ?',
        ),
        onlyIf(when('fonctionPublique', true), choice('categorieFonction', 'Fonction', PEP_FUNCTIONS, false)),
        onlyIf(when('fonctionPublique', true), text('paysOrganisation', 'Pays ou organisation', false)),
        onlyIf(when('fonctionPublique', true), date('dateDebutFonction', 'Début de la fonction', false)),
        bool('membreFamille', "Êtes-vous membre de la famille d'une personne politiquement exposée ?"),
        onlyIf(
          when('membreFamille', true),
          choice(
            'lienFamille',
            'Lien',
            ['conjoint ou partenaire', 'enfant ou conjoint d’un enfant', 'parent'],
            false,
          ),
        ),
        onlyIf(when('membreFamille', true), text('identitePpe', 'Identité de la PPE', false)),
        bool(
          'procheAssocie',
          'Êtes-vous connu pour être étroitement associé à une personne politiquement exposée ?',
        ),
        onlyIf(
          when('procheAssocie', true),
          textarea('natureAssociation', "Nature de l'association et identité de la PPE", false),
        ),
      ],
    },
    {
      title: "Contrôle par l'agence",
      fields: [
        choice('sourceVerification', 'Source de vérification', [
          'base de données commerciale',
          'recherche internet',
          'liste C/2023/724 de la Commission',
        ]),
        date('dateControle', 'Date du contrôle'),
        choice('resultatPpe', 'Résultat', ['aucune correspondance', 'faux positif écarté', 'PPE confirmée']),
        text('listesSanctions', 'Listes de sanctions consultées', true, { help: 'UE, ONU, nationale' }),
        choice('resultatSanctions', 'Résultat du contrôle des sanctions', SCREENING_RESULTS),
      ],
    },
    {
      title: 'Mesures pour une personne politiquement exposée',
      clause: 'Obligatoires dès que le client est une personne politiquement exposée.',
      fields: [
        requiredIf(
          PEP,
          textarea('originePatrimoine', 'Origine du patrimoine et pièces justificatives', false),
        ),
        requiredIf(PEP, textarea('origineFonds', 'Origine des fonds et pièces justificatives', false)),
        requiredIf(PEP, text('approbationDirection', 'Approbation de la direction (nom)', false)),
        requiredIf(PEP, date('approbationDirectionDate', 'Date de cette approbation', false)),
        requiredIf(PEP, bool('surveillanceRenforcee', 'Surveillance renforcée de la relation', false)),
      ],
    },
    { title: 'Signature', fields: [...complianceSignerFields(), ...signaturePlaceFields()] },
  ],
  signers: [
    {
      key: 'client',
      role: 'Le client',
      name: joinedFields('prenoms', 'nom'),
      emailField: 'email',
      mobileField: 'mobile',
    },
    complianceSigner(),
  ],
  computed,
  rules: (data): Record<string, string> =>
    isPep(data) && data.surveillanceRenforcee === false
      ? { surveillanceRenforcee: 'validation.mustAccept' }
      : {},
  example: PEP_SCREENING_EXAMPLE,
};
