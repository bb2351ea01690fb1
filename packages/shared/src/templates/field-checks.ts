import {
  type TemplateField,
  type TemplateFieldType,
  type TemplateValidator,
  type TemplateValue,
} from '../templates';
import { isValidEmail } from '../validators';
import { normalizeMobile } from '../phone';
import { cleanMultiLine, cleanSingleLine } from '../text';
import {
  isCalendarDate,
  isValidCadastralParcel,
  isValidIban,
  isValidMatriculeLu,
  isValidPostalCodeLu,
  isValidRcsLu,
  isValidVatNumber,
} from '../lu-validators';

/** What one field's value may be checked against, on its own; the rules between fields come later. */

const DEFAULT_MAX_LENGTH: Partial<Record<TemplateFieldType, number>> = { text: 200, textarea: 2000 };

export const VALIDATORS: Record<TemplateValidator, [(value: string) => boolean, string]> = {
  matricule_lu: [isValidMatriculeLu, 'validation.nationalRegistrationNumber'],
  postal_code_lu: [isValidPostalCodeLu, 'validation.postalCode'],
  vat_lu: [isValidVatNumber, 'validation.vatNumber'],
  rcs_lu: [isValidRcsLu, 'validation.registrationNumber'],
  iban: [isValidIban, 'validation.iban'],
  email: [isValidEmail, 'validation.isEmail'],
  mobile: [(value) => normalizeMobile(value) !== null, 'validation.mobile'],
  cadastre_parcel: [isValidCadastralParcel, 'validation.cadastralParcel'],
};

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !/^-?\d+([.,]\d+)?$/.test(value.trim())) return null;
  return Number(value.trim().replace(',', '.'));
}

function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/** `YYYY-MM-DD` naming a real day, or null. */
export function isoDate(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [year, month, day] = value.split('-').map(Number);
  return isCalendarDate(year ?? 0, month ?? 0, day ?? 0) ? value : null;
}

function numberError(type: 'int' | 'money' | 'decimal' | 'percent', value: unknown): string | null {
  const number = asNumber(value);
  switch (type) {
    case 'int':
      return number !== null && Number.isSafeInteger(number) ? null : 'validation.isInt';
    case 'money':
      return number !== null && number >= 0 && hasAtMostTwoDecimals(number) ? null : 'validation.money';
    case 'decimal':
      return number !== null && number >= 0 && hasAtMostTwoDecimals(number) ? null : 'validation.decimal';
    case 'percent':
      return number !== null && number >= 0 && number <= 100 && hasAtMostTwoDecimals(number)
        ? null
        : 'validation.percent';
  }
}

/** The translation key of what is wrong with one present value, or null. */
function typeError(field: TemplateField, value: unknown): string | null {
  switch (field.type) {
    case 'text':
    case 'textarea': {
      if (typeof value !== 'string') return 'validation.isString';
      const maxLength = field.maxLength ?? DEFAULT_MAX_LENGTH[field.type] ?? 200;
      return value.trim().length > maxLength ? 'validation.maxLength' : null;
    }
    case 'date':
      return isoDate(value) ? null : 'validation.date';
    case 'enum':
      return typeof value === 'string' && (field.options ?? []).includes(value) ? null : 'validation.isIn';
    case 'bool':
      return typeof value === 'boolean' ? null : 'validation.isBoolean';
    case 'int':
    case 'money':
    case 'decimal':
    case 'percent':
      return numberError(field.type, value);
  }
}

/** A value's own problem (blank counts only if `required`), or null. */
export function fieldError(field: TemplateField, value: unknown, required: boolean): string | null {
  if (isBlank(value)) return required ? 'validation.required' : null;
  const error = typeError(field, value);
  if (error || !field.validator || typeof value !== 'string') return error;
  const [isValid, key] = VALIDATORS[field.validator];
  return isValid(value.trim()) ? null : key;
}

const NUMERIC_TYPES: readonly TemplateFieldType[] = ['money', 'percent', 'int', 'decimal'];

/** As stored and printed: strings trimmed and NFC, numbers as numbers, blanks as null. */
export function cleanValue(field: TemplateField, value: unknown): TemplateValue {
  if (isBlank(value)) return null;
  if (typeof value === 'string') {
    if (field.type === 'textarea') return cleanMultiLine(value);
    const text = cleanSingleLine(value);
    return NUMERIC_TYPES.includes(field.type) ? asNumber(text) : text;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}
