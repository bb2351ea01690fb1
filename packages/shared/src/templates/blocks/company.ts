import { type TemplateField } from '../../templates';
import { addressFields } from './address';

/** After the guide's list (block B2). */
export const LEGAL_FORMS = [
  'SA',
  'SARL',
  'SARL-S',
  'SAS',
  'SCA',
  'SECS',
  'SCSp',
  'SENC',
  'SC',
  'SCI',
  'ASBL',
  'fondation',
  'trust/fiducie',
  'entité étrangère',
] as const;

/** Block B2 essentials: who the company is and where its registered office is. */
export function companyFields(): TemplateField[] {
  return [
    { name: 'denomination', label: 'Dénomination', type: 'text', required: true, maxLength: 200 },
    { name: 'formeJuridique', label: 'Forme juridique', type: 'enum', required: true, options: LEGAL_FORMS },
    {
      name: 'rcs',
      label: 'Numéro RCS',
      type: 'text',
      required: false,
      validator: 'rcs_lu',
      help: 'Obligatoire pour une entité immatriculée au Luxembourg, ex. B123456',
    },
    { name: 'paysImmatriculation', label: "Pays d'immatriculation", type: 'text', required: true },
    ...addressFields('siege', 'anywhere').map((field) => ({
      ...field,
      label: `Siège social — ${field.label}`,
    })),
  ];
}
