import { type TemplateField } from '@esign/shared';
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputAdornment,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { wizardFieldId } from '../fieldIds';

interface TemplateFieldInputProps {
  field: TemplateField;
  value: string | boolean | undefined;
  error?: string;
  onChange: (value: string | boolean) => void;
  /** Where the field's errors are keyed (`formData.vendeurs.0.nom` in a group); the field's own by default. */
  path?: string;
  /** Whether the answers so far make it required (conditions included); the field's flag by default. */
  required?: boolean;
}

const NUMERIC_MODE = { money: 'decimal', percent: 'decimal', decimal: 'decimal', int: 'numeric' } as const;

function adornment(field: TemplateField) {
  if (field.type === 'money') return <InputAdornment position="end">€</InputAdornment>;
  if (field.type === 'percent') return <InputAdornment position="end">%</InputAdornment>;
  return undefined;
}

function useHelp(field: TemplateField): string | undefined {
  const translate = useTranslate();
  if (field.help) return field.help;
  if (field.type === 'money') return translate('app.signature_wizard.details.money_hint');
  if (field.type === 'percent') return translate('app.signature_wizard.details.percent_hint');
  return undefined;
}

/** One field of a template, drawn from its definition (labels are the template's own, in French). */
export function TemplateFieldInput({
  field,
  value,
  error,
  onChange,
  path = `formData.${field.name}`,
  required = field.required,
}: TemplateFieldInputProps) {
  const translate = useTranslate();
  const id = wizardFieldId(path);
  const help = useHelp(field);
  if (field.type === 'bool') {
    return (
      <FormControl error={Boolean(error)} sx={{ width: '100%' }}>
        <FormControlLabel
          control={
            <Checkbox id={id} checked={value === true} onChange={(event) => onChange(event.target.checked)} />
          }
          label={`${field.label}${required ? ' *' : ''}`}
        />
        {(error ?? help) && <FormHelperText>{error ?? help}</FormHelperText>}
      </FormControl>
    );
  }
  const text = typeof value === 'string' ? value : '';
  const numeric = field.type in NUMERIC_MODE;
  return (
    <TextField
      id={id}
      label={field.label}
      required={required}
      value={text}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? help}
      select={field.type === 'enum'}
      multiline={field.type === 'textarea'}
      minRows={field.type === 'textarea' ? 3 : undefined}
      type={field.type === 'date' ? 'date' : 'text'}
      fullWidth
      slotProps={{
        // Dates show their format and selects their "Choose…" line: the label stays above either.
        inputLabel: field.type === 'date' || field.type === 'enum' ? { shrink: true } : undefined,
        input: { endAdornment: adornment(field) },
        htmlInput: {
          maxLength: field.maxLength,
          inputMode: numeric ? NUMERIC_MODE[field.type as keyof typeof NUMERIC_MODE] : undefined,
        },
        select: { native: true },
      }}
    >
      {field.type === 'enum' && [
        <option key="" value="">
          {translate('app.signature_wizard.details.choose')}
        </option>,
        ...(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        )),
      ]}
    </TextField>
  );
}
