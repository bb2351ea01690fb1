import {
  isFieldRequired,
  isFieldVisible,
  type TemplateField,
  type TemplateScalar,
  type TemplateSection,
} from '@esign/shared';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { type StepProps } from '../stepProps';
import { type TemplateItemValues, type TemplateValues, itemValues } from '../templateValues';
import { useErrorText } from '../useErrorText';
import { TemplateFieldInput } from './TemplateFieldInput';

type Scope = Readonly<Record<string, unknown>>;

interface FieldGridProps {
  fields: readonly TemplateField[];
  /** The answers the fields are read from (an item's, or the form's). */
  scope: Readonly<TemplateItemValues | TemplateValues>;
  /** Where conditions look next: the form's answers, then the computed values (the risk level). */
  outer: readonly Scope[];
  /** `formData.` or `formData.<group>.<index>.`: where errors are keyed. */
  prefix: string;
  errors: Readonly<Record<string, string>>;
  onChange: (name: string, value: string | boolean) => void;
}

/** The questions the answers so far make relevant, two to a row; required ones marked as the rules say. */
function FieldGrid({ fields, scope, outer, prefix, errors, onChange }: FieldGridProps) {
  const errorText = useErrorText();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      {fields
        .filter((field) => isFieldVisible(field, scope, ...outer))
        .map((field) => {
          const value = scope[field.name];
          return (
            <Box
              key={field.name}
              sx={field.type === 'textarea' || field.type === 'bool' ? { gridColumn: '1 / -1' } : {}}
            >
              <TemplateFieldInput
                field={field}
                path={`${prefix}${field.name}`}
                required={isFieldRequired(field, scope, ...outer)}
                value={Array.isArray(value) ? undefined : value}
                error={errorText(errors[`${prefix}${field.name}`])}
                onChange={(next) => onChange(field.name, next)}
              />
            </Box>
          );
        })}
    </Box>
  );
}

interface SectionProps extends StepProps {
  section: TemplateSection;
  values: TemplateValues;
  computed: Readonly<Record<string, TemplateScalar>>;
}

function Legend({ title }: { title: string }) {
  return (
    <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
      {title}
    </Typography>
  );
}

function RepeatedItems({ section, values, computed, state, dispatch }: SectionProps) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const repeat = section.repeat;
  if (!repeat) return null;
  const items = itemValues(values, repeat.name);
  const groupError = errorText(state.errors[`formData.${repeat.name}`]);
  return (
    <Stack spacing={2}>
      {items.length === 0 && (
        <Typography color="text.secondary">{translate('app.signature_wizard.details.no_items')}</Typography>
      )}
      {items.map((item, index) => {
        const label = `${repeat.itemLabel} ${index + 1}`;
        return (
          // Items have no identity of their own: removing one renumbers the rest, as the server does.
          <Paper key={index} variant="outlined" sx={{ p: 2 }} aria-label={label}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
              <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
              <Button
                size="small"
                disabled={items.length <= repeat.min}
                onClick={() => dispatch({ type: 'removeTemplateItem', list: repeat.name, index })}
              >
                {translate('app.signature_wizard.details.remove_item', { item: label })}
              </Button>
            </Stack>
            <FieldGrid
              fields={section.fields}
              scope={item}
              outer={[values, computed]}
              prefix={`formData.${repeat.name}.${index}.`}
              errors={state.errors}
              onChange={(name, value) =>
                dispatch({ type: 'setTemplateItemValue', list: repeat.name, index, name, value })
              }
            />
          </Paper>
        );
      })}
      {groupError && (
        <Typography color="error" role="alert">
          {groupError}
        </Typography>
      )}
      <Box>
        <Button
          variant="outlined"
          disabled={items.length >= repeat.max}
          onClick={() => dispatch({ type: 'addTemplateItem', list: repeat.name })}
        >
          {translate('app.signature_wizard.details.add_item', { item: repeat.itemLabel })}
        </Button>
      </Box>
    </Stack>
  );
}

/** One section of a template form: its own questions, or a repeatable group of items. */
export function TemplateSectionFields(props: SectionProps) {
  const { section, values, computed, state, dispatch } = props;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Legend title={section.title} />
      {section.repeat ? (
        <RepeatedItems {...props} />
      ) : (
        <FieldGrid
          fields={section.fields}
          scope={values}
          outer={[computed]}
          prefix="formData."
          errors={state.errors}
          onChange={(name, value) => dispatch({ type: 'setTemplateValue', name, value })}
        />
      )}
    </Box>
  );
}
