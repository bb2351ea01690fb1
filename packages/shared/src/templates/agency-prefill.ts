import { type TemplateDefinition } from '../templates';
import { type AdditionalInfo } from '../users';
import { templateFields } from './validate';

/** What the member's profile says about the agency, as `/users/me` gives it. */
export interface AgencyProfile {
  /** The account's name: the agent in charge. */
  name: string;
  email: string;
  mobile: string | null;
  additionalInfo: AdditionalInfo;
}

/** "12, rue de la Gare" → number and street; a line without a leading number is all street. */
function splitStreet(line: string): { numero: string; rue: string } {
  const match = /^\s*(\d+\s?[A-Za-z]?(?:\s?[-/]\s?\d+[A-Za-z]?)?)\s*,?\s+(\S.*)$/.exec(line);
  return match ? { numero: match[1]?.trim() ?? '', rue: match[2]?.trim() ?? '' } : { numero: '', rue: line };
}

/**
 * The agency fields of a template, filled from the member's profile: company name, RCS and VAT numbers,
 * address, and the agent's name, e-mail and mobile. Only fields the template asks and the profile knows are
 * given; the member can change each one.
 */
export function agencyPrefill(
  definition: TemplateDefinition,
  profile: AgencyProfile,
): Record<string, string> {
  const company = profile.additionalInfo.company ?? {};
  const address = profile.additionalInfo.address ?? {};
  const street = splitStreet(address.addressLine1?.trim() ?? '');
  const known: Record<string, string | null | undefined> = {
    agenceNom: company.name,
    agenceRcs: company.registrationNumber,
    agenceTva: company.vatNumber,
    agenceNumero: street.numero,
    agenceRue: street.rue,
    agenceComplement: address.addressLine2,
    agenceCodePostal: address.postalCode,
    agenceLocalite: address.city,
    agentNom: profile.name,
    agentEmail: profile.email,
    agentMobile: profile.mobile,
  };
  const asked = new Set(templateFields(definition).map((field) => field.name));
  return Object.fromEntries(
    Object.entries(known)
      .map(([name, value]) => [name, value?.trim() ?? ''] as const)
      .filter(([name, value]) => asked.has(name) && value !== ''),
  );
}
