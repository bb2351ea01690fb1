import { computedValues } from '@esign/shared';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { PdfViewer } from '../../../pdf/PdfViewer';
import { type StepProps } from '../stepProps';
import { templateDefinition } from '../templates';
import { useDocumentPreview } from '../useDocumentPreview';
import { templateDocumentIsCurrent } from '../validation';
import { templateFormData } from '../templateValues';
import { TemplateSectionFields } from './TemplateSections';

interface DetailsStepProps extends StepProps {
  generating: boolean;
  onGenerate: () => void;
}

function GeneratedPreview({ state, dispatch }: StepProps) {
  const [page, setPage] = useState(1);
  const failed = useDocumentPreview(state.document, dispatch);
  const translate = useTranslate();
  const document = state.document;
  if (!document || document.documentType !== 'TEMPLATE') return null;
  if (failed) return <Alert severity="warning">{translate('app.pdf.load_failed')}</Alert>;
  if (!document.preview) return null;
  return (
    <PdfViewer source={document.preview} page={page} pageCount={document.pageCount} onPageChange={setPage} />
  );
}

/** Step 2 for a template: its form, drawn from the template's definition, then the generated preview. */
export function DetailsStep({ state, dispatch, generating, onGenerate }: DetailsStepProps) {
  const translate = useTranslate();
  const definition = templateDefinition(state.templateType);
  if (!definition) return null;
  const values = state.templateValues[definition.type] ?? {};
  const current = templateDocumentIsCurrent(state);
  // What the answers lead to (e.g. the AML risk level), on which some questions' requirement depends.
  const computed = computedValues(definition, templateFormData(definition, values).data);
  const hasDocument =
    state.document?.documentType === 'TEMPLATE' && state.document.templateType === definition.type;
  return (
    <Stack spacing={3}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {definition.title}
      </Typography>
      <Typography color="text.secondary">{translate('app.signature_wizard.details.intro')}</Typography>
      {current && Object.keys(values).length === 0 && (
        <Alert severity="info">{translate('app.signature_wizard.details.kept')}</Alert>
      )}
      {definition.sections.map((section) => (
        <TemplateSectionFields
          key={section.title}
          section={section}
          values={values}
          computed={computed}
          state={state}
          dispatch={dispatch}
        />
      ))}
      <Box>
        <Button variant="outlined" disabled={generating} onClick={onGenerate}>
          {translate(`app.signature_wizard.details.${hasDocument ? 'regenerate' : 'generate'}`)}
        </Button>
      </Box>
      <Box role="status">
        {generating && <Typography>{translate('app.signature_wizard.details.generating')}</Typography>}
        {!generating && hasDocument && !current && (
          <Typography>{translate('app.signature_wizard.details.outdated')}</Typography>
        )}
        {!generating && hasDocument && current && state.document && (
          <Typography>
            {translate('app.signature_wizard.details.generated', { smart_count: state.document.pageCount })}
          </Typography>
        )}
      </Box>
      <GeneratedPreview state={state} dispatch={dispatch} />
    </Stack>
  );
}
