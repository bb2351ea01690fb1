import {
  type TemplateDefinition,
  type TemplateField,
  type TemplateFormData,
  type TemplateType,
  templateFields,
  validateTemplateData,
} from '@esign/shared';

/** What the form holds while typing: text as typed, ticks as booleans. Converted only when generating. */
export type TemplateValues = Record<string, string | boolean>;

type FieldResult = { value: TemplateFormData[string] } | { error: string };

const ERRORS = 'app.signature_wizard.errors';

/** Accepts the ways people type amounts here: "350000", "350 000,50", "350.000,50", "350,000.50", "3,5". */
export function parseDecimal(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f'’€%]/g, '');
  if (!/^-?\d[\d.,]*$/.test(compact)) return null;
  const separators = compact.match(/[.,]/g) ?? [];
  const last = Math.max(compact.lastIndexOf(','), compact.lastIndexOf('.'));
  const mixed = new Set(separators).size > 1;
  // One separator before exactly three digits groups thousands ("350.000"), unless spaces already do
  // ("350 000,456"); repeated ones always group thousands.
  const spaced = /\d[\s\u00a0\u202f'’]\d/.test(text);
  const single = separators.length === 1 && (spaced || compact.length - last - 1 !== 3);
  const decimalAt = mixed || single ? last : -1;
  const integer = (decimalAt >= 0 ? compact.slice(0, decimalAt) : compact).replace(/[.,]/g, '');
  const fraction = decimalAt >= 0 ? compact.slice(decimalAt + 1) : '';
  const normalised = fraction ? `${integer}.${fraction}` : integer;
  return /^-?\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : null;
}

const DIGITS_ONLY = /^-?\d+$/;

/** Numbers typed as text become numbers; everything else the shared rules check, as the server does. */
function convertText(field: TemplateField, text: string): FieldResult {
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'enum':
    case 'date':
      return { value: text };
    case 'int': {
      const digits = text.replace(/[\s\u00a0\u202f'’]/g, '');
      return DIGITS_ONLY.test(digits) ? { value: Number(digits) } : { error: 'validation.isInt' };
    }
    case 'money':
    case 'percent': {
      const number = parseDecimal(text);
      return number === null ? { error: `${ERRORS}.invalid_number` } : { value: number };
    }
    case 'bool':
      return { value: text === 'true' };
  }
}

function convertField(field: TemplateField, raw: string | boolean | undefined): FieldResult {
  // A box left unticked is an answer ("no"), never a missing one.
  if (field.type === 'bool') return { value: raw === true };
  const text = typeof raw === 'string' ? raw.trim() : '';
  return text ? convertText(field, text) : { value: null };
}

/**
 * The form data the API expects, or the errors keyed like the API's (`formData.<field>`): what cannot be
 * read as a number here, then the template's shared rules (required fields, formats, rules between fields).
 */
export function templateFormData(
  definition: TemplateDefinition,
  values: Readonly<TemplateValues>,
): { data: TemplateFormData; errors: Record<string, string> } {
  const data: TemplateFormData = {};
  const errors: Record<string, string> = {};
  for (const field of templateFields(definition)) {
    const result = convertField(field, values[field.name]);
    if ('error' in result) errors[`formData.${field.name}`] = result.error;
    else data[field.name] = result.value;
  }
  const readable = Object.fromEntries(
    Object.entries(data).filter(([name]) => errors[`formData.${name}`] === undefined),
  );
  for (const [name, key] of Object.entries(validateTemplateData(definition, readable))) {
    errors[`formData.${name}`] ??= key;
  }
  // In the form's order, so the error summary reads top to bottom.
  const ordered = templateFields(definition)
    .map((field) => `formData.${field.name}`)
    .filter((path) => errors[path] !== undefined)
    .map((path): [string, string] => [path, errors[path] ?? '']);
  return { data, errors: Object.fromEntries(ordered) };
}

export type TemplateValuesByType = Partial<Record<TemplateType, TemplateValues>>;
