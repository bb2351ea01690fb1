/**
 * AML risk scoring for estate agents (a proposal built on Directive 2015/849 annexes II
 * and III, the ABBL enhanced-due-diligence triggers and FATF real-estate guidance). Pure: the same answers
 * give the same level on the server, in the back office and on the printed form.
 */

export const RISK_RULE_VERSION = 'cigdl-risk-2026.1';

export const RISK_FACTORS = [
  'clientType',
  'geography',
  'pep',
  'transaction',
  'channel',
  'funds',
  'behaviour',
] as const;
export type RiskFactor = (typeof RISK_FACTORS)[number];

/** 1 = faible, 2 = moyen, 3 = élevé. */
export type FactorScore = 1 | 2 | 3;

export const RISK_LEVELS = ['low', 'medium', 'high', 'refused'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const RISK_FACTOR_LABELS: Record<RiskFactor, string> = {
  clientType: 'Type de client',
  geography: 'Géographie',
  pep: 'Statut PPE',
  transaction: 'Produit / opération',
  channel: 'Canal',
  funds: 'Fonds et espèces',
  behaviour: 'Comportement',
};

export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = {
  low: 'Faible',
  medium: 'Moyen',
  high: 'Élevé',
  refused: 'Refus',
};

export interface RiskInput {
  factors: Record<RiskFactor, FactorScore>;
  /** A confirmed match on a sanctions list. */
  sanctionsMatch?: boolean;
  /** The beneficial owner cannot be identified, or due diligence cannot be completed. */
  dueDiligenceImpossible?: boolean;
  /** A suspicion of money laundering or terrorist financing, whatever the score. */
  suspicion?: boolean;
}

export interface RiskDriver {
  /** The factor concerned, when one is. */
  factor?: RiskFactor;
  /** French, as printed on the form. */
  reason: string;
}

export interface RiskResult {
  level: RiskLevel;
  /** F1 + … + F7, from 7 to 21. */
  score: number;
  drivers: RiskDriver[];
  enhancedDueDiligence: boolean;
  /** A suspicious-transaction report to the CRF (goAML) must be made. */
  reportSuspicion: boolean;
  /** Months until the next review (high 12, medium 24, low 36); null when the relationship is refused. */
  reviewMonths: number | null;
  ruleVersion: string;
}

const REVIEW_MONTHS: Record<RiskLevel, number | null> = { low: 36, medium: 24, high: 12, refused: null };

const factorDriver = (factor: RiskFactor, score: FactorScore): RiskDriver => ({
  factor,
  reason: `${RISK_FACTOR_LABELS[factor]} : risque ${score === 3 ? 'élevé' : 'moyen'}`,
});

function knockOut(input: RiskInput): RiskDriver[] {
  const drivers: RiskDriver[] = [];
  if (input.sanctionsMatch) drivers.push({ reason: 'Correspondance confirmée sur une liste de sanctions' });
  if (input.dueDiligenceImpossible) {
    drivers.push({ reason: 'Bénéficiaire effectif non identifié ou vigilance impossible à mener' });
  }
  return drivers;
}

function levelOf(input: RiskInput, score: number, high: readonly RiskFactor[]): RiskLevel {
  // A PEP or a high-risk third country always calls for enhanced due diligence (ABBL chapter 3).
  if (input.factors.pep === 3 || input.factors.geography === 3) return 'high';
  if (score >= 14 || high.length >= 2) return 'high';
  if (score >= 10 || high.length === 1) return 'medium';
  return 'low';
}

/** What drove the level: the factors at 3, and when the total decided, the factors at 2 and the total. */
function driversOf(input: RiskInput, level: RiskLevel, score: number): RiskDriver[] {
  if (level === 'low') return [];
  const at = (value: FactorScore) => RISK_FACTORS.filter((factor) => input.factors[factor] === value);
  const byScore = score >= (level === 'high' ? 14 : 10);
  const factors = byScore ? [...at(3), ...at(2)] : at(3);
  const drivers = factors.map((factor) => factorDriver(factor, input.factors[factor]));
  if (byScore) drivers.push({ reason: `Score total de ${score} sur 21` });
  return drivers;
}

function withSuspicion(input: RiskInput, drivers: RiskDriver[]): RiskDriver[] {
  return input.suspicion
    ? [...drivers, { reason: 'Soupçon de blanchiment : déclaration à la CRF (goAML)' }]
    : drivers;
}

/** The level, the score and the reasons, under the guide's decision rules in their order. */
export function assessRisk(input: RiskInput): RiskResult {
  const score = RISK_FACTORS.reduce((sum, factor) => sum + input.factors[factor], 0);
  const reportSuspicion = input.suspicion === true;
  const knockOuts = knockOut(input);
  const base = { score, reportSuspicion, ruleVersion: RISK_RULE_VERSION };
  if (knockOuts.length > 0) {
    const drivers = withSuspicion(input, knockOuts);
    return { ...base, level: 'refused', drivers, enhancedDueDiligence: false, reviewMonths: null };
  }
  const high = RISK_FACTORS.filter((factor) => input.factors[factor] === 3);
  const level = levelOf(input, score, high);
  return {
    ...base,
    level,
    drivers: withSuspicion(input, driversOf(input, level, score)),
    enhancedDueDiligence: level === 'high',
    reviewMonths: REVIEW_MONTHS[level],
  };
}

/** Every factor at 1, with the ones given: for forms that assess one aspect only. */
export function riskInput(
  factors: Partial<Record<RiskFactor, FactorScore>>,
  rest: Omit<RiskInput, 'factors'> = {},
): RiskInput {
  return {
    factors: { ...Object.fromEntries(RISK_FACTORS.map((factor) => [factor, 1])), ...factors } as Record<
      RiskFactor,
      FactorScore
    >,
    ...rest,
  };
}
