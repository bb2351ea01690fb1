import { type TemplateType } from '@esign/shared';
import {
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { wizardFieldId } from '../fieldIds';
import { availableTemplates } from '../templates';

interface TemplatePickerProps {
  value: TemplateType | null;
  onChange: (type: TemplateType) => void;
  error?: string;
}

/** The certified templates that can be filled in today. */
export function TemplatePicker({ value, onChange, error }: TemplatePickerProps) {
  const translate = useTranslate();
  const templates = availableTemplates();
  if (templates.length === 0) {
    return <Typography>{translate('app.signature_wizard.document.no_templates')}</Typography>;
  }
  return (
    <FormControl component="fieldset" error={Boolean(error)} required>
      <FormLabel component="legend">{translate('app.signature_wizard.document.templates')}</FormLabel>
      <RadioGroup
        value={value ?? ''}
        onChange={(event) => {
          const chosen = templates.find((template) => template.type === event.target.value);
          if (chosen) onChange(chosen.type);
        }}
      >
        {templates.map((template, index) => (
          <FormControlLabel
            key={template.type}
            value={template.type}
            control={<Radio id={index === 0 ? wizardFieldId('templateType') : undefined} />}
            label={template.title}
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
