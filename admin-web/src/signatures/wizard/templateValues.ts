import {
  type TemplateDefinition,
  type TemplateField,
  type TemplateFormData,
  type TemplateItem,
  type TemplateType,
  type TemplateValue,
  isFieldVisible,
  repeatSections,
  templateFields,
  validateTemplateData,
} from '@esign/shared';

/** What the form holds while typing: text as typed, ticks as booleans. Converted only when generating. */
export type TemplateItemValues = Record<string, string | boolean>;
/** The form's own answers, and a list of items for each repeated group (sellers, buyers, lots...). */
export type TemplateValues = Record<string, string | boolean | TemplateItemValues[]>;

type FieldResult = { value: TemplateValue } | { error: string };

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
    case 'decimal':
    case 'percent': {
      const number = parseDecimal(text);
      return number === null ? { error: `${ERRORS}.invalid_number` } : { value: number };
    }
    case 'bool':
      return { value: text === 'true' };
  }
}

function convertField(field: TemplateField, raw: TemplateValues[string] | undefined): FieldResult {
  // A box left unticked is an answer ("no"), never a missing one.
  if (field.type === 'bool') return { value: raw === true };
  const text = typeof raw === 'string' ? raw.trim() : '';
  return text ? convertText(field, text) : { value: null };
}

/**
 * One scope's answers converted; `prefix` is where its errors go (`formData.` or `formData.lots.0.`).
 * Questions the answers made irrelevant are left out, as the server would ignore them.
 */
function convertScope(
  fields: readonly TemplateField[],
  values: Readonly<Record<string, TemplateValues[string]>>,
  prefix: string,
  errors: Record<string, string>,
  outer: readonly Readonly<Record<string, unknown>>[] = [],
): TemplateItem {
  const data: TemplateItem = {};
  for (const field of fields) {
    if (!isFieldVisible(field, values, ...outer)) continue;
    const result = convertField(field, values[field.name]);
    if ('error' in result) errors[`${prefix}${field.name}`] = result.error;
    else data[field.name] = result.value;
  }
  return data;
}

/** The items of a repeated group as typed (an empty list when none was added yet). */
export function itemValues(values: Readonly<TemplateValues>, list: string): TemplateItemValues[] {
  const items = values[list];
  return Array.isArray(items) ? items : [];
}

/** Every error path in the order the form shows its questions, so the summary reads top to bottom. */
function formOrder(definition: TemplateDefinition, values: Readonly<TemplateValues>): string[] {
  return definition.sections.flatMap((section) => {
    const repeat = section.repeat;
    if (!repeat) return section.fields.map((field) => `formData.${field.name}`);
    const items = itemValues(values, repeat.name).flatMap((_, index) => [
      `formData.${repeat.name}.${index}`,
      ...section.fields.map((field) => `formData.${repeat.name}.${index}.${field.name}`),
    ]);
    return [`formData.${repeat.name}`, ...items];
  });
}

/**
 * The form data the API expects, or the errors keyed like the API's (`formData.<field>`,
 * `formData.<group>.<index>.<field>`): what cannot be read as a number here, then the template's shared
 * rules (required fields, conditions, formats, rules between fields).
 */
export function templateFormData(
  definition: TemplateDefinition,
  values: Readonly<TemplateValues>,
): { data: TemplateFormData; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const data: TemplateFormData = convertScope(templateFields(definition), values, 'formData.', errors);
  for (const section of repeatSections(definition)) {
    const name = section.repeat.name;
    data[name] = itemValues(values, name).map((item, index) =>
      convertScope(section.fields, item, `formData.${name}.${index}.`, errors, [values]),
    );
  }
  // Unreadable numbers are already reported and left out; the shared rules judge the rest.
  for (const [path, key] of Object.entries(validateTemplateData(definition, data))) {
    errors[`formData.${path}`] ??= key;
  }
  const ordered = formOrder(definition, values).filter((path) => errors[path] !== undefined);
  const rest = Object.keys(errors).filter((path) => !ordered.includes(path));
  return {
    data,
    errors: Object.fromEntries([...ordered, ...rest].map((path) => [path, errors[path] ?? ''])),
  };
}

export type TemplateValuesByType = Partial<Record<TemplateType, TemplateValues>>;
