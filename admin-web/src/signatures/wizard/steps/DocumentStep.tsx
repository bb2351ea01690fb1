import { type DocumentType, agencyPrefill } from '@esign/shared';
import DescriptionIcon from '@mui/icons-material/Description';
import { Alert, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { type StepProps } from '../stepProps';
import { availableTemplates, templateDefinition } from '../templates';
import { useSignedInProfile } from '../useSignedInProfile';
import { useErrorText } from '../useErrorText';
import { PdfUploadField } from './PdfUploadField';
import { TemplatePicker } from './TemplatePicker';

function CurrentDocument({ state }: Pick<StepProps, 'state'>) {
  const translate = useTranslate();
  const { document } = state;
  if (!document || document.documentType !== state.source) return null;
  const repairs = document.repairs ?? [];
  return (
    <Stack spacing={1}>
      <Alert severity="success" icon={<DescriptionIcon />} role="status">
        {translate(`app.signature_wizard.document.${document.stored ? 'current' : 'ready'}`, {
          name: document.documentName,
          smart_count: document.pageCount,
        })}
        {document.removed.length > 0 &&
          ` ${translate('app.signature_wizard.document.removed', { items: document.removed.join(', ') })}`}
      </Alert>
      {repairs.length > 0 && (
        <Alert severity="warning" data-testid="pdf-repairs">
          {repairs.map((repair) => translate(`app.signature_wizard.document.repairs.${repair}`)).join(' ')}
        </Alert>
      )}
    </Stack>
  );
}

/** Step 1: the member's own PDF, or a certified template to fill in at the next step. */
export function DocumentStep({ state, dispatch }: StepProps) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const hasTemplates = availableTemplates().length > 0;
  const profile = useSignedInProfile();
  return (
    <Stack spacing={3}>
      <FormControl component="fieldset">
        <FormLabel component="legend">{translate('app.signature_wizard.document.source')}</FormLabel>
        <RadioGroup
          row
          value={state.source}
          onChange={(event) => dispatch({ type: 'chooseSource', source: event.target.value as DocumentType })}
        >
          <FormControlLabel
            value="CUSTOM"
            control={<Radio />}
            label={translate('app.signature_wizard.document.upload')}
          />
          <FormControlLabel
            value="TEMPLATE"
            control={<Radio />}
            disabled={!hasTemplates}
            label={translate('app.signature_wizard.document.template')}
          />
        </RadioGroup>
      </FormControl>
      <CurrentDocument state={state} />
      {state.source === 'CUSTOM' ? (
        <PdfUploadField
          error={errorText(state.errors.documentId)}
          onReady={(document, title) => dispatch({ type: 'documentReady', document, title })}
        />
      ) : (
        <TemplatePicker
          value={state.templateType}
          error={errorText(state.errors.templateType)}
          onChange={(templateType) => {
            const definition = templateDefinition(templateType);
            // The agency's block comes filled from the member's profile; every value stays editable.
            const prefill = definition && profile ? agencyPrefill(definition, profile) : {};
            dispatch({ type: 'chooseTemplate', templateType, prefill });
          }}
        />
      )}
    </Stack>
  );
}
