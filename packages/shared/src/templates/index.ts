import { type TemplateType } from '../signatures';
import {
  type TemplateDefinition,
  type TemplateField,
  type TemplateFieldType,
  type TemplateFormData,
} from '../templates';
import { isValidEmail } from '../validators';
import {
  isCalendarDate,
  isValidIban,
  isValidMatriculeLu,
  isValidPostalCodeLu,
  isValidRcsLu,
  isValidVatLu,
} from '../lu-validators';
import { NATURAL_PERSON, naturalPersonRules } from './natural-person';

export { NATURAL_PERSON, CIVIL_STATUSES } from './natural-person';

/** The templates that can be filled in today; the other types follow as their definitions are written. */
export const TEMPLATE_DEFINITIONS: Partial<Record<TemplateType, TemplateDefinition>> = {
  NaturalPerson: NATURAL_PERSON,
};

type CrossFieldRules = (data: TemplateFormData, today: string) => Record<string, string>;

const CROSS_FIELD_RULES: Partial<Record<TemplateType, CrossFieldRules>> = {
  NaturalPerson: naturalPersonRules,
};

const DEFAULT_MAX_LENGTH: Partial<Record<TemplateFieldType, number>> = { text: 200, textarea: 2000 };

const VALIDATOR_ERRORS: Record<
  NonNullable<TemplateField['validator']>,
  [(value: string) => boolean, string]
> = {
  matricule_lu: [isValidMatriculeLu, 'validation.nationalRegistrationNumber'],
  postal_code_lu: [isValidPostalCodeLu, 'validation.postalCode'],
  vat_lu: [isValidVatLu, 'validation.vatNumber'],
  rcs_lu: [isValidRcsLu, 'validation.registrationNumber'],
  iban: [isValidIban, 'validation.iban'],
  email: [isValidEmail, 'validation.isEmail'],
};

export function templateFields(definition: TemplateDefinition): TemplateField[] {
  return definition.sections.flatMap((section) => section.fields);
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !/^-?\d+([.,]\d+)?$/.test(value.trim())) return null;
  return Number(value.trim().replace(',', '.'));
}

function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

function isIsoDate(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number);
  return isCalendarDate(year ?? 0, month ?? 0, day ?? 0);
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
      return isIsoDate(value) ? null : 'validation.date';
    case 'enum':
      return typeof value === 'string' && (field.options ?? []).includes(value) ? null : 'validation.isIn';
    case 'bool':
      return typeof value === 'boolean' ? null : 'validation.isBoolean';
    case 'int': {
      const number = asNumber(value);
      return number !== null && Number.isSafeInteger(number) ? null : 'validation.isInt';
    }
    case 'money': {
      const number = asNumber(value);
      return number !== null && number >= 0 && hasAtMostTwoDecimals(number) ? null : 'validation.money';
    }
    case 'percent': {
      const number = asNumber(value);
      return number !== null && number >= 0 && number <= 100 && hasAtMostTwoDecimals(number)
        ? null
        : 'validation.percent';
    }
  }
}

function fieldError(field: TemplateField, value: unknown): string | null {
  if (isBlank(value)) return field.required ? 'validation.required' : null;
  const error = typeError(field, value);
  if (error || !field.validator || typeof value !== 'string') return error;
  const [isValid, key] = VALIDATOR_ERRORS[field.validator];
  return isValid(value.trim()) ? null : key;
}

/**
 * Every problem with a template's form data, keyed by field name: unknown fields, missing required ones,
 * wrong types, failed validators, then the template's rules between fields. Empty when the data is good.
 * `today` (YYYY-MM-DD) is the date expiry and birth dates are compared with.
 */
export function validateTemplateData(
  definition: TemplateDefinition,
  data: Readonly<Record<string, unknown>>,
  today: string = new Date().toISOString().slice(0, 10),
): Record<string, string> {
  const fields = templateFields(definition);
  const known = new Set(fields.map((field) => field.name));
  const errors: Record<string, string> = {};
  for (const name of Object.keys(data)) {
    if (!known.has(name)) errors[name] = 'validation.unknownField';
  }
  for (const field of fields) {
    const error = fieldError(field, data[field.name]);
    if (error) errors[field.name] = error;
  }
  const rules = CROSS_FIELD_RULES[definition.type];
  const crossErrors = rules ? rules(cleanTemplateData(definition, data), today) : {};
  // A field's own problem is the more precise message, so it wins over a rule about it.
  return { ...crossErrors, ...errors };
}

function cleanValue(field: TemplateField, value: unknown): TemplateFormData[string] {
  if (isBlank(value)) return null;
  if (typeof value === 'string') {
    const text = value.normalize('NFC').trim();
    if (field.type === 'money' || field.type === 'percent' || field.type === 'int') return asNumber(text);
    return text;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

/** The data as stored and printed: known fields only, strings trimmed and NFC, numbers as numbers. */
export function cleanTemplateData(
  definition: TemplateDefinition,
  data: Readonly<Record<string, unknown>>,
): TemplateFormData {
  const cleaned: TemplateFormData = {};
  for (const field of templateFields(definition)) {
    cleaned[field.name] = cleanValue(field, data[field.name]);
  }
  return cleaned;
}
