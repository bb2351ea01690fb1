import { type TemplateDefinition, templateFields } from '@esign/shared';
import { Alert, AlertTitle, Box, Link } from '@mui/material';
import { type Ref } from 'react';
import { useTranslate } from 'react-admin';
import { elementIdOfPath } from './fieldIds';
import { useErrorText } from './useErrorText';
import { type FieldErrors, type WizardState } from './wizardState';

const OPTION_LABELS: Record<string, string> = {
  signatureTitle: 'title',
  signingMode: 'signing_mode',
  signingFlow: 'signing_flow',
  signatureSize: 'signature_size',
  sealPage: 'seal_page',
  sealSize: 'seal_size',
  language: 'language',
  expiryDays: 'expiry_days',
};

function useFieldLabel(
  state: WizardState,
  definition: TemplateDefinition | null,
): (path: string) => string | null {
  const translate = useTranslate();
  return (path) => {
    const [head = '', index, field] = path.split('.');
    if (head === 'signatories' && index !== undefined) {
      const who = translate('app.signature_wizard.signatories.signatory', { number: Number(index) + 1 });
      const what =
        field === 'placement'
          ? 'app.signature_wizard.steps.placement'
          : `app.signature_wizard.signatories.${field}`;
      return `${who}, ${translate(what, { _: field ?? '' })}`;
    }
    if (head === 'formData' && index !== undefined && definition) {
      return templateFields(definition).find((candidate) => candidate.name === index)?.label ?? index;
    }
    if (OPTION_LABELS[head]) return translate(`app.signature_wizard.options.${OPTION_LABELS[head]}`);
    if (['documentId', 'documentType', 'documentName', 'templateType'].includes(head)) {
      return translate('app.signature_wizard.steps.document');
    }
    return null;
  };
}

interface StepErrorSummaryProps {
  errors: FieldErrors;
  state: WizardState;
  definition: TemplateDefinition | null;
  ref?: Ref<HTMLDivElement>;
}

/** The step's errors, announced and focused after a refused "next", each linking to its field. */
export function StepErrorSummary({ errors, state, definition, ref }: StepErrorSummaryProps) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const labelOf = useFieldLabel(state, definition);
  const entries = Object.entries(errors);
  return (
    <Box ref={ref} tabIndex={-1} role="alert" sx={{ outline: 'none' }}>
      {entries.length > 0 && (
        <Alert severity="error">
          <AlertTitle>{translate('app.signature_wizard.error_summary')}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {entries.map(([path, key]) => {
              const label = labelOf(path);
              const text = errorText(key) ?? '';
              const message = label
                ? translate('app.signature_wizard.error_item', { field: label, message: text })
                : text;
              const target = elementIdOfPath(path, state);
              return (
                <li key={path}>
                  <Link
                    href={`#${target}`}
                    color="inherit"
                    onClick={(event) => {
                      event.preventDefault();
                      document.getElementById(target)?.focus();
                    }}
                  >
                    {message}
                  </Link>
                </li>
              );
            })}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
