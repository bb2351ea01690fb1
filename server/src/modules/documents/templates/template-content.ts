import {
  formatIban,
  type TemplateDefinition,
  type TemplateField,
  type TemplateFormData,
  type TemplateType,
} from '@esign/shared';
import { type PrintableDocument } from './printable-document';

export const ISSUER = 'Chambre Immobilière du Grand-Duché de Luxembourg';
const NO_BREAK_SPACE = '\u00a0';
const EMPTY = '—';

/** Who signs each form; templates not listed get the client and the agency. */
const SIGNATURE_LABELS: Partial<Record<TemplateType, string[]>> = {
  NaturalPerson: ['Le client', "Pour l'agence immobilière"],
};
const DEFAULT_SIGNATURE_LABELS = ['Le client', "Pour l'agence immobilière"];

/** dd.mm.yyyy, as Luxembourg forms print dates. */
export function formatDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : isoDate;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NO_BREAK_SPACE);
}

/** French number format: no-break spaces between thousands, a decimal comma. */
export function formatNumber(value: number, decimals: number): string {
  const [whole = '0', fraction] = Math.abs(value).toFixed(decimals).split('.');
  const sign = value < 0 ? '-' : '';
  return `${sign}${groupThousands(whole)}${fraction ? `,${fraction}` : ''}`;
}

function formatPercent(value: number): string {
  const text = formatNumber(value, 2).replace(/,?0+$/, '');
  return `${text}${NO_BREAK_SPACE}%`;
}

export function displayValue(field: TemplateField, value: TemplateFormData[string]): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  switch (field.type) {
    case 'bool':
      return value === true ? 'Oui' : 'Non';
    case 'date':
      return formatDate(String(value));
    case 'money':
      return `${formatNumber(Number(value), 2)}${NO_BREAK_SPACE}EUR`;
    case 'percent':
      return formatPercent(Number(value));
    case 'int':
      return formatNumber(Number(value), 0);
    case 'text':
    case 'textarea':
    case 'enum':
      return field.validator === 'iban' ? formatIban(String(value)) : String(value);
  }
}

/** The form as it prints: every field of every section, filled in or shown as a dash. */
export function templateContent(
  definition: TemplateDefinition,
  data: TemplateFormData,
  /** YYYY-MM-DD. */
  drawnUpOn: string,
): PrintableDocument {
  return {
    issuer: ISSUER,
    title: definition.title,
    subtitle: `Document établi le ${formatDate(drawnUpOn)}`,
    language: 'fr-LU',
    sections: definition.sections.map((section) => ({
      title: section.title,
      rows: section.fields.map((field) => ({
        label: field.label,
        value: displayValue(field, data[field.name]),
      })),
    })),
    signatureLabels: SIGNATURE_LABELS[definition.type] ?? DEFAULT_SIGNATURE_LABELS,
  };
}
