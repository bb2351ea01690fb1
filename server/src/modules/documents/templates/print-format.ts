import {
  amountInFrenchWords,
  formatFrenchDate,
  formatIban,
  toCents,
  type TemplateField,
  type TemplateValue,
} from '@esign/shared';

/** How answers print in a French document: long dates, amounts in figures and words, Oui/Non. */

export const NO_BREAK_SPACE = '\u00a0';
export const EMPTY = '—';

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NO_BREAK_SPACE);
}

/** French number format: no-break spaces between thousands, a decimal comma. */
export function formatNumber(value: number, decimals: number): string {
  const [whole = '0', fraction] = Math.abs(value).toFixed(decimals).split('.');
  const sign = value < 0 ? '-' : '';
  return `${sign}${groupThousands(whole)}${fraction ? `,${fraction}` : ''}`;
}

function trimmedDecimals(value: number): string {
  return formatNumber(value, 2).replace(/,?0+$/, '');
}

/** "785 000,50 EUR (sept cent quatre-vingt-cinq mille euros et cinquante centimes)". */
export function formatMoney(value: number): string {
  return `${formatNumber(value, 2)}${NO_BREAK_SPACE}EUR (${amountInFrenchWords(toCents(value))})`;
}

export function displayValue(field: TemplateField, value: TemplateValue): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  switch (field.type) {
    case 'bool':
      return value === true ? 'Oui' : 'Non';
    case 'date':
      return formatFrenchDate(String(value));
    case 'money':
      return formatMoney(Number(value));
    case 'percent':
      return `${trimmedDecimals(Number(value))}${NO_BREAK_SPACE}%`;
    case 'decimal':
      return trimmedDecimals(Number(value));
    case 'int':
      return field.name.startsWith('annee') ? String(value) : formatNumber(Number(value), 0);
    case 'text':
    case 'textarea':
    case 'enum':
      return field.validator === 'iban' ? formatIban(String(value)) : String(value);
  }
}

/** A contenance in centiares as the cadastre writes it: "12 a 45 ca (1 245 m²)". */
export function formatContenance(centiares: number): string {
  const hectares = Math.floor(centiares / 10_000);
  const ares = Math.floor(centiares / 100) % 100;
  const rest = centiares % 100;
  const parts = [hectares ? `${hectares} ha` : '', ares ? `${ares} a` : '', `${rest} ca`].filter(Boolean);
  return `${parts.join(' ')} (${formatNumber(centiares, 0)}${NO_BREAK_SPACE}m²)`;
}
