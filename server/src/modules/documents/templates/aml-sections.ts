import {
  beneficialOwners,
  effectiveShares,
  RISK_LEVEL_LABELS,
  type RiskResult,
  type TemplateFormData,
  type TemplateType,
} from '@esign/shared';
import { NO_BREAK_SPACE, formatNumber } from './print-format';
import { type PrintableSection } from './printable-document';

/** The AML forms print what their answers lead to: the computed level and the factors that drove it. */

const percent = (value: number): string => `${formatNumber(value, 2).replace(/,00$/, '')}${NO_BREAK_SPACE}%`;

function riskSection(result: RiskResult): PrintableSection {
  const drivers = result.drivers.map((driver) => driver.reason);
  return {
    title: "Résultat de l'évaluation du risque",
    rows: [
      { label: 'Niveau de risque calculé', value: RISK_LEVEL_LABELS[result.level] },
      { label: 'Score (facteurs F1 à F7)', value: `${result.score} sur 21` },
      {
        label: 'Facteurs déterminants',
        value: drivers.length > 0 ? drivers.join('\n') : 'Aucun facteur de risque accru',
      },
      { label: 'Vigilance renforcée requise', value: result.enhancedDueDiligence ? 'Oui' : 'Non' },
      {
        label: 'Prochaine revue',
        value:
          result.reviewMonths === null ? 'Sans objet (relation refusée)' : `Dans ${result.reviewMonths} mois`,
      },
      { label: 'Déclaration de soupçon à la CRF', value: result.reportSuspicion ? 'Oui, via goAML' : 'Non' },
      { label: 'Version des règles', value: result.ruleVersion },
    ],
  };
}

function ownersSection(data: TemplateFormData): PrintableSection {
  const owners = beneficialOwners(data);
  return {
    title: 'Participations effectives calculées',
    paragraphs: [
      owners.length > 0
        ? `Bénéficiaires effectifs (plus de 25 %) : ${owners.map((owner) => `${owner.name} (${percent(owner.percent)})`).join(', ')}.`
        : 'Aucune personne physique ne détient plus de 25 % : le dirigeant principal est retenu.',
    ],
    rows: [...effectiveShares(data).values()].map((owner) => ({
      label: owner.name,
      value: percent(owner.percent),
    })),
  };
}

/** `risk`: the form's result from templateRisk, null for a template that assesses no risk. */
export function amlSections(
  type: TemplateType,
  data: TemplateFormData,
  risk: RiskResult | null,
): PrintableSection[] {
  if (!risk) return [];
  const sections = type === 'BeneficialOwnerIdentification' ? [ownersSection(data)] : [];
  return [...sections, riskSection(risk)];
}
