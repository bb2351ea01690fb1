import { computedValues } from '@esign/shared';
import { Alert, Box, Button, Collapse, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { type StepProps } from '../stepProps';
import { templateDefinition } from '../templates';
import { templateDocumentIsCurrent } from '../validation';
import { templateFormData } from '../templateValues';
import { TemplatePreviewPanel } from './TemplatePreviewPanel';
import { TemplateSectionFields } from './TemplateSections';

interface DetailsStepProps extends StepProps {
  generating: boolean;
  onGenerate: () => void;
}

/** On a narrow screen the preview would push the form away: it is shown on demand, above the form. */
function PreviewToggle({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <Stack spacing={2}>
      <Box>
        <Button variant="text" aria-expanded={open} onClick={() => setOpen(!open)}>
          {translate(`app.signature_wizard.details.${open ? 'hide_preview' : 'show_preview'}`)}
        </Button>
      </Box>
      <Collapse in={open} unmountOnExit>
        {children}
      </Collapse>
    </Stack>
  );
}

interface GenerateControlsProps extends Pick<DetailsStepProps, 'state' | 'generating' | 'onGenerate'> {
  hasDocument: boolean;
}

/** Making the document the request is signed on, and whether it still matches the answers. */
function GenerateControls({ state, generating, hasDocument, onGenerate }: GenerateControlsProps) {
  const translate = useTranslate();
  const current = templateDocumentIsCurrent(state);
  return (
    <>
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
    </>
  );
}

/** Step 2 for a template: its form, drawn from the template's definition, beside the document it prints. */
export function DetailsStep({ state, dispatch, generating, onGenerate }: DetailsStepProps) {
  const translate = useTranslate();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const definition = templateDefinition(state.templateType);
  if (!definition) return null;
  const values = state.templateValues[definition.type] ?? {};
  const current = templateDocumentIsCurrent(state);
  const untouched = Object.keys(values).length === 0;
  // What the answers lead to (e.g. the AML risk level), on which some questions' requirement depends.
  const computed = computedValues(definition, templateFormData(definition, values).data);
  const hasDocument =
    state.document?.documentType === 'TEMPLATE' && state.document.templateType === definition.type;
  const preview = (
    <TemplatePreviewPanel
      state={state}
      dispatch={dispatch}
      definition={definition}
      values={values}
      showKeptDocument={current && untouched && hasDocument}
    />
  );
  const form = (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {definition.title}
      </Typography>
      <Typography color="text.secondary">{translate('app.signature_wizard.details.intro')}</Typography>
      {current && untouched && (
        <Alert severity="info">{translate('app.signature_wizard.details.kept')}</Alert>
      )}
      {!wide && <PreviewToggle>{preview}</PreviewToggle>}
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
      <GenerateControls
        state={state}
        generating={generating}
        hasDocument={hasDocument}
        onGenerate={onGenerate}
      />
    </Stack>
  );
  if (!wide) return form;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
        gap: 3,
        alignItems: 'start',
      }}
    >
      {form}
      {/* Stays in view while the member scrolls through a long form. */}
      <Box sx={{ position: 'sticky', top: 72 }}>{preview}</Box>
    </Box>
  );
}
