import {
  type TemplateCondition,
  type TemplateDefinition,
  type TemplateField,
  type TemplateFormData,
  type TemplateItem,
  type TemplateScalar,
  type TemplateSection,
  type TemplateValue,
} from '../templates';
import { cleanValue, fieldError } from './field-checks';
import { signatoryContactErrors } from './signers';

type Scope = Readonly<Record<string, unknown>>;

/** The form's own fields: those of the sections that are not repeated. */
export function templateFields(definition: TemplateDefinition): TemplateField[] {
  return definition.sections.filter((section) => !section.repeat).flatMap((section) => section.fields);
}

/** The repeated groups (parties, owners, parcels, lots), each with its list's key in `repeat.name`. */
export function repeatSections(
  definition: TemplateDefinition,
): (TemplateSection & { repeat: NonNullable<TemplateSection['repeat']> })[] {
  return definition.sections.filter(
    (section): section is TemplateSection & { repeat: NonNullable<TemplateSection['repeat']> } =>
      section.repeat !== undefined,
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `condition` holds, reading the item first, then the form, then the computed values. */
export function conditionHolds(condition: TemplateCondition, ...scopes: readonly Scope[]): boolean {
  const scope = scopes.find(
    (candidate) => condition.field in candidate && candidate[condition.field] != null,
  );
  const value = scope?.[condition.field];
  return value !== undefined && value !== null && condition.in.includes(value as TemplateScalar);
}

export function isFieldVisible(field: TemplateField, ...scopes: readonly Scope[]): boolean {
  return !field.visibleWhen || conditionHolds(field.visibleWhen, ...scopes);
}

export function isFieldRequired(field: TemplateField, ...scopes: readonly Scope[]): boolean {
  if (!isFieldVisible(field, ...scopes)) return false;
  return field.required || (field.requiredWhen ? conditionHolds(field.requiredWhen, ...scopes) : false);
}

function cleanScope(fields: readonly TemplateField[], data: Scope, ...outer: readonly Scope[]): TemplateItem {
  const cleaned: TemplateItem = {};
  for (const field of fields) cleaned[field.name] = cleanValue(field, data[field.name]);
  // Hidden answers are dropped, so a form cannot carry what it no longer asks.
  for (const field of fields) {
    if (!isFieldVisible(field, cleaned, ...outer)) cleaned[field.name] = null;
  }
  return cleaned;
}

function cleanItems(
  section: ReturnType<typeof repeatSections>[number],
  value: unknown,
  outer: readonly Scope[],
): TemplateItem[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((item) => cleanScope(section.fields, item, ...outer));
}

/**
 * The data as stored and printed: known fields only, strings trimmed and NFC, numbers as numbers, hidden
 * fields empty, each repeated group a list of such items.
 */
export function cleanTemplateData(
  definition: TemplateDefinition,
  data: Readonly<Record<string, unknown>>,
): TemplateFormData {
  const own = cleanScope(templateFields(definition), data);
  const computed = definition.computed?.(own) ?? {};
  const cleaned: TemplateFormData = cleanScope(templateFields(definition), data, computed);
  for (const section of repeatSections(definition)) {
    cleaned[section.repeat.name] = cleanItems(section, data[section.repeat.name], [cleaned, computed]);
  }
  return cleaned;
}

/** The values a definition works out from the answers (empty when it has none). */
export function computedValues(
  definition: TemplateDefinition,
  data: TemplateFormData,
): Record<string, TemplateScalar> {
  return definition.computed?.(data) ?? {};
}

function scopeErrors(
  fields: readonly TemplateField[],
  data: Scope,
  prefix: string,
  scopes: readonly Scope[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const known = new Set(fields.map((field) => field.name));
  for (const name of Object.keys(data)) {
    if (!known.has(name)) errors[`${prefix}${name}`] = 'validation.unknownField';
  }
  for (const field of fields) {
    if (!isFieldVisible(field, ...scopes)) continue;
    const error = fieldError(field, data[field.name], isFieldRequired(field, ...scopes));
    if (error) errors[`${prefix}${field.name}`] = error;
  }
  return errors;
}

function listError(value: unknown, min: number, max: number): string | null {
  if (value === undefined || value === null) return min > 0 ? 'validation.required' : null;
  if (!Array.isArray(value)) return 'validation.isArray';
  if (value.length < min) return min === 1 ? 'validation.required' : 'validation.minItems';
  return value.length > max ? 'validation.maxItems' : null;
}

function repeatErrors(
  section: ReturnType<typeof repeatSections>[number],
  value: unknown,
  cleaned: TemplateFormData,
  computed: Scope,
): Record<string, string> {
  const { name, min, max } = section.repeat;
  const error = listError(value, min, max);
  if (error) return { [name]: error };
  const errors: Record<string, string> = {};
  const items = cleaned[name] as TemplateItem[];
  (value as unknown[]).forEach((item, index) => {
    if (!isRecord(item)) {
      errors[`${name}.${index}`] = 'validation.isObject';
      return;
    }
    const scopes = [items[index] ?? {}, cleaned, computed];
    Object.assign(errors, scopeErrors(section.fields, item, `${name}.${index}.`, scopes));
  });
  return errors;
}

/**
 * Every problem with a template's form data, keyed by field path (`nom`, `vendeurs.0.nom`): unknown
 * fields, missing required ones (conditions included), wrong types, failed validators, then the template's
 * rules between fields. Empty when the data is good. `today` (YYYY-MM-DD) is the date expiry and birth
 * dates are compared with.
 */
export function validateTemplateData(
  definition: TemplateDefinition,
  data: Readonly<Record<string, unknown>>,
  today: string = new Date().toISOString().slice(0, 10),
): Record<string, string> {
  const cleaned = cleanTemplateData(definition, data);
  const computed = computedValues(definition, cleaned);
  const sections = repeatSections(definition);
  const lists = new Set(sections.map((section) => section.repeat.name));
  const own = Object.fromEntries(Object.entries(data).filter(([name]) => !lists.has(name)));
  const errors = scopeErrors(templateFields(definition), own, '', [cleaned, computed]);
  for (const section of sections) {
    Object.assign(errors, repeatErrors(section, data[section.repeat.name], cleaned, computed));
  }
  const crossErrors = {
    ...signatoryContactErrors(definition, cleaned),
    ...(definition.rules?.(cleaned, today) ?? {}),
  };
  // A field's own problem is the more precise message, so it wins over a rule about it.
  return { ...crossErrors, ...errors };
}

/** A repeated group's items as stored (an empty list when absent). */
export function itemsOf(data: TemplateFormData, name: string): TemplateItem[] {
  const value = data[name];
  return Array.isArray(value) ? value : [];
}

/** A scalar of the form (undefined for a list). */
export function scalarOf(data: TemplateFormData | TemplateItem, name: string): TemplateValue {
  const value = data[name];
  return Array.isArray(value) ? undefined : value;
}
