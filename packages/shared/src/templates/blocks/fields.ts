import {
  type TemplateCondition,
  type TemplateField,
  type TemplateFieldType,
  type TemplateScalar,
} from '../../templates';

/** Short constructors, so a template reads as its list of questions. */
type Extra = Partial<Omit<TemplateField, 'name' | 'label' | 'type'>>;

const field =
  (type: TemplateFieldType) =>
  (name: string, label: string, required = true, extra: Extra = {}): TemplateField => ({
    name,
    label,
    type,
    required,
    ...extra,
  });

export const text = field('text');
export const textarea = field('textarea');
export const date = field('date');
export const money = field('money');
export const percent = field('percent');
export const int = field('int');
export const decimal = field('decimal');
export const bool = field('bool');

export function choice(
  name: string,
  label: string,
  options: readonly string[],
  required = true,
  extra: Extra = {},
): TemplateField {
  return { name, label, type: 'enum', required, options, ...extra };
}

export const when = (fieldName: string, ...values: TemplateScalar[]): TemplateCondition => ({
  field: fieldName,
  in: values,
});

/** Asked, and then required, only when `condition` holds. */
export const onlyIf = (condition: TemplateCondition, target: TemplateField): TemplateField => ({
  ...target,
  required: false,
  visibleWhen: condition,
  requiredWhen: condition,
});

/** Always asked, required only when `condition` holds. */
export const requiredIf = (condition: TemplateCondition, target: TemplateField): TemplateField => ({
  ...target,
  required: false,
  requiredWhen: condition,
});
