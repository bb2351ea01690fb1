import {
  type TemplateCondition,
  type TemplateDefinition,
  type TemplateField,
  type TemplateValidator,
} from '../templates';
import { repeatSections, templateFields } from './validate';

/** A JSON Schema document (draft 2020-12), as plain data. */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * The shape each validator checks, as a pattern. Check digits (matricule, VAT, IBAN) cannot be said in a
 * pattern: `x-validator` names the shared function that decides, which the server runs.
 */
const PATTERNS: Record<TemplateValidator, string | null> = {
  matricule_lu: '^\\s*\\d{4}\\s?\\d{4}\\s?\\d{3}\\s?\\d{2}\\s*$',
  postal_code_lu: '^\\s*(?:[Ll]-?)?\\d{4}\\s*$',
  vat_lu: '^\\s*[A-Za-z]{2}[\\s./-]*[0-9A-Za-z+*][0-9A-Za-z+*\\s./-]{1,40}$',
  rcs_lu: '^\\s*[A-Za-z][\\s.]*\\d[\\d\\s.]{0,9}$',
  iban: '^\\s*[A-Za-z]{2}\\d{2}[A-Za-z0-9\\s]{11,40}$',
  email: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  mobile: '^\\s*\\+?[\\d\\s().-]{6,24}$',
  cadastre_parcel: '^\\s*\\d{1,5}(\\s*/\\s*\\d{1,5})?\\s*$',
};

const DEFAULT_MAX_LENGTH: Partial<Record<TemplateField['type'], number>> = { text: 200, textarea: 2000 };

function typeSchema(field: TemplateField): JsonSchema {
  switch (field.type) {
    case 'text':
    case 'textarea':
      return { type: 'string', maxLength: field.maxLength ?? DEFAULT_MAX_LENGTH[field.type] };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'enum':
      return { type: 'string', enum: [...(field.options ?? [])] };
    case 'bool':
      return { type: 'boolean' };
    case 'int':
      return { type: 'integer' };
    case 'money':
      return { type: 'number', minimum: 0, 'x-decimals': 2, 'x-unit': 'EUR' };
    case 'decimal':
      return { type: 'number', minimum: 0, 'x-decimals': 2 };
    case 'percent':
      return { type: 'number', minimum: 0, maximum: 100, 'x-decimals': 2 };
  }
}

function fieldSchema(field: TemplateField): JsonSchema {
  const schema: JsonSchema = { title: field.label, ...typeSchema(field) };
  if (field.help) schema.description = field.help;
  if (field.validator) {
    schema['x-validator'] = field.validator;
    const pattern = PATTERNS[field.validator];
    if (pattern) schema.pattern = pattern;
  }
  if (field.visibleWhen) schema['x-visibleWhen'] = field.visibleWhen;
  if (field.requiredWhen) schema['x-requiredWhen'] = field.requiredWhen;
  // Blank is "not answered" for an optional field, as the server reads it.
  return field.required ? schema : { anyOf: [schema, { type: 'null' }, { const: '' }] };
}

/** `if` the condition's field holds one of the values `then` the target is required. */
function conditional(condition: TemplateCondition, names: readonly string[]): JsonSchema {
  return {
    if: { properties: { [condition.field]: { enum: [...condition.in] } }, required: [condition.field] },
    then: { required: [...names] },
  };
}

function objectSchema(fields: readonly TemplateField[], extra: JsonSchema = {}): JsonSchema {
  const own = new Set(fields.map((field) => field.name));
  // Conditions on a computed value (the risk level) cannot be written in the schema: x-requiredWhen says them.
  const conditions = fields.filter((field) => field.requiredWhen && own.has(field.requiredWhen.field));
  const allOf = conditions.map((field) => conditional(field.requiredWhen as TemplateCondition, [field.name]));
  return {
    type: 'object',
    additionalProperties: false,
    properties: { ...Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])), ...extra },
    required: fields.filter((field) => field.required && !field.visibleWhen).map((field) => field.name),
    ...(allOf.length > 0 ? { allOf } : {}),
  };
}

/**
 * The definition as a JSON Schema (draft 2020-12): each field with its type, bounds, options and the
 * validator's pattern; repeated groups as arrays with their bounds; conditions on other answers as
 * `if`/`then`. The server validates with the definition itself, so the schema can never be stricter.
 */
export function templateJsonSchema(definition: TemplateDefinition): JsonSchema {
  const lists = Object.fromEntries(
    repeatSections(definition).map((section) => [
      section.repeat.name,
      {
        title: section.title,
        type: 'array',
        minItems: section.repeat.min,
        maxItems: section.repeat.max,
        'x-itemLabel': section.repeat.itemLabel,
        ...(section.repeat.signs ? { 'x-signs': true } : {}),
        items: objectSchema(section.fields),
      },
    ]),
  );
  const root = objectSchema(templateFields(definition), lists);
  const requiredLists = repeatSections(definition)
    .filter((section) => section.repeat.min > 0)
    .map((section) => section.repeat.name);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `urn:cigdl:template:${definition.type}`,
    title: definition.title,
    ...root,
    required: [...(root.required as string[]), ...requiredLists],
  };
}
