import { type TemplateDefinition, type TemplateFormData, type TemplateScalar } from '../templates';
import {
  assessRisk,
  type FactorScore,
  RISK_FACTOR_LABELS,
  RISK_FACTORS,
  RISK_LEVEL_LABELS,
  type RiskFactor,
  type RiskInput,
} from '../aml/risk-score';
import { signaturePlaceFields } from './blocks/agency';
import { complianceSigner, complianceSignerFields } from './signers';
import { bool, choice, date, onlyIf, requiredIf, text, textarea, when } from './blocks/fields';
import { RISK_ASSESSMENT_EXAMPLE } from './aml-examples';

/** The risk table: what a factor at 1, 2 and 3 looks like, as the agent picks it. */
export const FACTOR_OPTIONS: Record<RiskFactor, readonly [string, string, string]> = {
  clientType: [
    'Faible — personne physique agissant pour son compte, société cotée ou organisme public',
    'Moyen — société non cotée à structure simple, ou client représenté par un mandataire',
    'Élevé — structure complexe, prête-noms, actions au porteur, trust ou entité sans activité réelle',
  ],
  geography: [
    'Faible — Luxembourg, Union européenne ou Espace économique européen',
    'Moyen — pays tiers au dispositif efficace mais à perception de corruption plus élevée',
    'Élevé — pays tiers à haut risque (liste de l’UE, GAFI) ou juridiction offshore',
  ],
  pep: [
    'Faible — pas une personne politiquement exposée',
    'Moyen — ancienne PPE depuis plus de 12 mois, ou fonction nationale mineure',
    'Élevé — PPE, membre de sa famille ou proche associé (actuel ou depuis moins de 12 mois)',
  ],
  transaction: [
    'Faible — résidence propre au prix du marché, avec un prêt d’une banque luxembourgeoise',
    'Moyen — investissement, prix d’au moins 2 millions d’euros, plusieurs lots ou vente en l’état futur',
    'Élevé — prix hors marché, revente sous 12 mois, société nouvellement créée, opération sans logique',
  ],
  channel: [
    'Faible — en présence, pièce d’identité originale',
    'Moyen — à distance, identification eIDAS ou vidéo',
    'Élevé — à distance sur simples copies, intermédiaire inconnu ou refus de rencontre',
  ],
  funds: [
    'Faible — virement depuis le compte de l’acquéreur dans une banque de l’UE, prêt documenté',
    'Moyen — fonds d’un membre de la famille ou d’une banque hors UE, patrimoine en partie non documenté',
    'Élevé — espèces, paiement par des tiers inconnus, cryptoactifs ou origine des fonds inexpliquée',
  ],
  behaviour: [
    'Faible — profil cohérent, client coopératif',
    'Moyen — réticence à fournir des documents, urgence injustifiée',
    'Élevé — profil incohérent avec le montant, un tiers semble donner les instructions',
  ],
};

const factorField = (factor: RiskFactor): string => `facteur${factor[0]?.toUpperCase()}${factor.slice(1)}`;

/** The score of the option chosen for a factor; an unanswered factor counts as low until answered. */
function scoreOf(data: TemplateFormData, factor: RiskFactor): FactorScore {
  const answer = data[factorField(factor)];
  const index = typeof answer === 'string' ? FACTOR_OPTIONS[factor].indexOf(answer) : -1;
  return (index >= 0 ? index + 1 : 1) as FactorScore;
}

export function riskInputOfAssessment(data: TemplateFormData): RiskInput {
  const factors = Object.fromEntries(RISK_FACTORS.map((factor) => [factor, scoreOf(data, factor)]));
  return {
    factors: factors as Record<RiskFactor, FactorScore>,
    sanctionsMatch: data.correspondanceSanctions === true,
    dueDiligenceImpossible: data.vigilanceImpossible === true,
    suspicion: data.soupcon === true,
  };
}

function computed(data: TemplateFormData): Record<string, TemplateScalar> {
  const result = assessRisk(riskInputOfAssessment(data));
  return { niveauRisque: RISK_LEVEL_LABELS[result.level], scoreRisque: result.score };
}

const HIGH = when('niveauRisque', RISK_LEVEL_LABELS.high);
const OVERRIDDEN = when('niveauRetenu', ...Object.values(RISK_LEVEL_LABELS));

/** Évaluation du risque BC/FT: the factors, the computed level, the measures. */
export const AML_RISK_ASSESSMENT: TemplateDefinition = {
  type: 'AmlRiskAssessment',
  title: 'Évaluation du risque de blanchiment et de financement du terrorisme',
  sections: [
    {
      title: 'Dossier',
      fields: [
        text('clientNom', 'Client'),
        text('dossierReference', 'Référence du dossier'),
        choice('role', 'Rôle du client', ['vendeur', 'acquéreur', 'bailleur', 'locataire']),
        date('dateEvaluation', "Date de l'évaluation"),
      ],
    },
    {
      title: 'Facteurs de risque',
      fields: RISK_FACTORS.map((factor) =>
        choice(factorField(factor), RISK_FACTOR_LABELS[factor], FACTOR_OPTIONS[factor]),
      ),
    },
    {
      title: "Critères d'exclusion",
      fields: [
        bool('correspondanceSanctions', 'Correspondance confirmée sur une liste de sanctions'),
        bool('vigilanceImpossible', 'Bénéficiaire effectif non identifié ou vigilance impossible'),
        bool('soupcon', 'Soupçon de blanchiment ou de financement du terrorisme'),
      ],
    },
    {
      title: 'Décision',
      fields: [
        choice(
          'niveauRetenu',
          'Niveau retenu, s’il diffère du niveau calculé',
          Object.values(RISK_LEVEL_LABELS),
          false,
        ),
        onlyIf(OVERRIDDEN, textarea('justificationDerogation', 'Justification de la dérogation', false)),
        text('approbateurNom', 'Approuvé par'),
        date('approbationDate', "Date d'approbation"),
      ],
    },
    {
      title: 'Mesures de vigilance renforcée',
      clause:
        'Obligatoires lorsque le risque est élevé ou que le client est une personne politiquement exposée.',
      fields: [
        requiredIf(
          HIGH,
          textarea('originePatrimoine', 'Origine du patrimoine et pièces justificatives', false),
        ),
        requiredIf(HIGH, textarea('origineFonds', 'Origine des fonds et pièces justificatives', false)),
        requiredIf(HIGH, text('approbationDirection', 'Approbation de la direction (nom)', false)),
        requiredIf(HIGH, date('approbationDirectionDate', 'Date de cette approbation', false)),
        requiredIf(HIGH, bool('surveillanceRenforcee', 'Surveillance renforcée de la relation', false)),
      ],
    },
    { title: 'Signature', fields: [...complianceSignerFields(), ...signaturePlaceFields()] },
  ],
  signers: [complianceSigner()],
  computed,
  rules: (data): Record<string, string> => {
    const high = computed(data).niveauRisque === RISK_LEVEL_LABELS.high;
    return high && data.surveillanceRenforcee === false
      ? { surveillanceRenforcee: 'validation.mustAccept' }
      : {};
  },
  example: RISK_ASSESSMENT_EXAMPLE,
};
