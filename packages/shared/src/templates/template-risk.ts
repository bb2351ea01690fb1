import { assessRisk, type RiskInput, type RiskResult } from '../aml/risk-score';
import { type TemplateType } from '../signatures';
import { type TemplateFormData } from '../templates';
import { riskInputOfAssessment } from './aml-risk-assessment';
import { riskInputOfOwnerIdentification } from './beneficial-owner-identification';
import { riskInputOfPepScreening } from './pep-screening';

/** The AML forms whose answers lead to a risk level; the other templates have none. */
const RISK_INPUTS: Partial<Record<TemplateType, (data: TemplateFormData) => RiskInput>> = {
  AmlRiskAssessment: riskInputOfAssessment,
  PepScreening: riskInputOfPepScreening,
  BeneficialOwnerIdentification: riskInputOfOwnerIdentification,
};

/**
 * The risk a filled AML form leads to, under the rules in force now (the result names their version), or
 * null for a template that assesses no risk. The printed form and the stored request use this one result.
 */
export function templateRisk(type: TemplateType, data: TemplateFormData): RiskResult | null {
  const input = RISK_INPUTS[type];
  return input ? assessRisk(input(data)) : null;
}
