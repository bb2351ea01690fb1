import { type TemplateField, type TemplateFormData, type TemplateSection } from '../../templates';
import { asNumber } from '../field-checks';
import { addressFields } from './address';
import { contactFields } from '../signers';

/**
 * The agency (section 2 of a sales agreement): a licensed agency and the agent in charge, with the agent's
 * e-mail and mobile when the agency signs (a mandate). The wizard fills it from the member's profile; every
 * value stays editable.
 */
export function agencySection(title: string, signs = false): TemplateSection {
  return {
    title,
    fields: [
      { name: 'agenceNom', label: "Dénomination de l'agence", type: 'text', required: true, maxLength: 200 },
      { name: 'agenceRcs', label: 'Numéro RCS', type: 'text', required: true, validator: 'rcs_lu' },
      { name: 'agenceTva', label: 'Numéro de TVA', type: 'text', required: true, validator: 'vat_lu' },
      {
        name: 'agenceAutorisation',
        label: "Numéro d'autorisation d'établissement",
        type: 'text',
        required: true,
        maxLength: 50,
      },
      ...addressFields('agence', 'luxembourg'),
      ...(signs ? agentSignerFields() : [agentNameField()]),
    ],
  };
}

/** The agent in charge, who signs for the agency: name, e-mail and mobile (prefilled from the profile). */
export function agentSignerFields(): TemplateField[] {
  return [agentNameField(), ...contactFields('agent', "de l'agent")];
}

function agentNameField(): TemplateField {
  return {
    name: 'agentNom',
    label: 'Agent en charge du dossier',
    type: 'text',
    required: true,
    maxLength: 200,
  };
}

/** The section of a form whose only agency data is who signs for it. */
export function agentSignerSection(): TemplateSection {
  return { title: "Signataire pour l'agence", fields: agentSignerFields() };
}

export const FEE_PAYERS = ['vendeur', 'acquéreur', 'partagés par moitié'] as const;

/** Agency fees: customary 3 % of the price plus 17 % VAT, both kept as answers since both change. */
export function feesFields(): TemplateField[] {
  return [
    {
      name: 'honorairesDebiteur',
      label: 'Honoraires à charge du',
      type: 'enum',
      required: true,
      options: FEE_PAYERS,
    },
    { name: 'honorairesTaux', label: 'Taux des honoraires (% du prix)', type: 'percent', required: true },
    { name: 'honorairesHtva', label: 'Honoraires hors TVA', type: 'money', required: true },
    { name: 'honorairesTauxTva', label: 'Taux de TVA', type: 'percent', required: true },
    { name: 'honorairesTtc', label: 'Honoraires TVA comprise', type: 'money', required: true },
    {
      name: 'honorairesExigibilite',
      label: 'Exigibilité',
      type: 'text',
      required: true,
      maxLength: 200,
      help: "D'usage : à la signature de l'acte authentique",
    },
  ];
}

/** The VAT-inclusive fee is the fee plus its VAT, to the cent. */
export function feesErrors(data: TemplateFormData): Record<string, string> {
  const net = asNumber(data.honorairesHtva);
  const rate = asNumber(data.honorairesTauxTva);
  const gross = asNumber(data.honorairesTtc);
  if (net === null || rate === null || gross === null) return {};
  const expected = Math.round(net * (100 + rate)) / 100;
  return Math.abs(expected - gross) > 0.01 ? { honorairesTtc: 'validation.feesTotal' } : {};
}

export function signaturePlaceFields(): TemplateField[] {
  return [
    { name: 'signatureLieu', label: 'Fait à', type: 'text', required: true, maxLength: 100 },
    { name: 'signatureDate', label: 'Le', type: 'date', required: true },
  ];
}
