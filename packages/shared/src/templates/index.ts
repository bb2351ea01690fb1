import { type TemplateType } from '../signatures';
import { type TemplateDefinition } from '../templates';
import { BENEFICIAL_OWNER_DECLARATION } from './beneficial-owner-declaration';
import { AML_RISK_ASSESSMENT } from './aml-risk-assessment';
import { BENEFICIAL_OWNER_IDENTIFICATION } from './beneficial-owner-identification';
import { FLAT_SALES_AGREEMENT, HOUSE_SALES_AGREEMENT } from './sales-agreements';
import { FLAT_SALES_MANDATE, HOUSE_SALES_MANDATE } from './sales-mandates';
import { LEGAL_ENTITY } from './legal-entity';
import { LEGAL_ENTITY_AGENT } from './legal-entity-agent';
import { NATURAL_PERSON } from './natural-person';
import { NATURAL_PERSON_AGENT } from './natural-person-agent';
import { PEP_SCREENING } from './pep-screening';
import { REAL_PRICE_CERTIFICATE } from './real-price-certificate';

export { NATURAL_PERSON, CIVIL_STATUSES } from './natural-person';
export { NATURAL_PERSON_AGENT } from './natural-person-agent';
export { LEGAL_ENTITY } from './legal-entity';
export { LEGAL_ENTITY_AGENT } from './legal-entity-agent';
export { BENEFICIAL_OWNER_DECLARATION } from './beneficial-owner-declaration';
export { REAL_PRICE_CERTIFICATE } from './real-price-certificate';
export { FLAT_SALES_AGREEMENT, HOUSE_SALES_AGREEMENT } from './sales-agreements';
export { FLAT_SALES_MANDATE, HOUSE_SALES_MANDATE } from './sales-mandates';
export { AML_RISK_ASSESSMENT, riskInputOfAssessment } from './aml-risk-assessment';
export { PEP_SCREENING, riskInputOfPepScreening } from './pep-screening';
export {
  BENEFICIAL_OWNER_IDENTIFICATION,
  riskInputOfOwnerIdentification,
} from './beneficial-owner-identification';
export { templateRisk } from './template-risk';
export {
  cleanTemplateData,
  computedValues,
  conditionHolds,
  isFieldRequired,
  isFieldVisible,
  itemsOf,
  repeatSections,
  scalarOf,
  templateFields,
  validateTemplateData,
} from './validate';
export { templateJsonSchema, type JsonSchema } from './json-schema';
export {
  signatoryCaption,
  signatoryContactErrors,
  templateSignatories,
  type TemplateSignatory,
} from './signers';
export { agencyPrefill, type AgencyProfile } from './agency-prefill';

/** Every certified template and AML form, by type. */
export const TEMPLATE_DEFINITIONS: Partial<Record<TemplateType, TemplateDefinition>> = {
  BeneficialOwnerDeclaration: BENEFICIAL_OWNER_DECLARATION,
  LegalEntity: LEGAL_ENTITY,
  LegalEntityAgent: LEGAL_ENTITY_AGENT,
  NaturalPerson: NATURAL_PERSON,
  NaturalPersonAgent: NATURAL_PERSON_AGENT,
  RealPriceCertificate: REAL_PRICE_CERTIFICATE,
  FlatSalesAgreement: FLAT_SALES_AGREEMENT,
  FlatSalesMandate: FLAT_SALES_MANDATE,
  HouseSalesAgreement: HOUSE_SALES_AGREEMENT,
  HouseSalesMandate: HOUSE_SALES_MANDATE,
  AmlRiskAssessment: AML_RISK_ASSESSMENT,
  PepScreening: PEP_SCREENING,
  BeneficialOwnerIdentification: BENEFICIAL_OWNER_IDENTIFICATION,
};
export { formatAddress } from './blocks/address';
export { BENEFICIAL_OWNERSHIP_THRESHOLD, beneficialOwners, effectiveShares } from './ownership-chain';
export { isPep } from './pep-screening';
