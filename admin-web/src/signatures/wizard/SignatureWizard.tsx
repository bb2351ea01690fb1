import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Link,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { useEffect, useReducer, useRef, useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { buildSignatureInput } from './payload';
import { StepErrorSummary } from './StepErrorSummary';
import { DetailsStep } from './steps/DetailsStep';
import { DocumentStep } from './steps/DocumentStep';
import { OptionsStep } from './steps/OptionsStep';
import { PlacementStep } from './steps/PlacementStep';
import { ReviewStep } from './steps/ReviewStep';
import { SignatoriesStep } from './steps/SignatoriesStep';
import { templateDefinition } from './templates';
import { useSubmitRequest } from './useSubmitRequest';
import { useTemplateGeneration } from './useTemplateGeneration';
import { useWizardDraft } from './useWizardDraft';
import { templateDocumentIsCurrent, validateStep } from './validation';
import { type FieldErrors, type WizardState, wizardReducer } from './wizardState';
import { type WizardStepKey, errorsOfStep, firstStepWithErrors, stepsFor } from './wizardSteps';

/** Where a new request's answers are kept between visits; editing a request has none. */
export interface WizardDraftProps {
  storageKey: string;
  /** The wizard opened on a saved draft, which the member may discard. */
  restored: boolean;
  /** Called after the draft is forgotten, to open the wizard anew. */
  onDiscard: () => void;
}

export interface SignatureWizardProps {
  createInitialState: () => WizardState;
  /** The request being edited, or null for a new one. */
  requestId: string | null;
  draft?: WizardDraftProps;
  hasLogo: boolean;
  checkingLogo: boolean;
  onCheckLogo: () => void;
}

type FocusTarget = { target: 'heading' | 'summary'; at: number };

/** The restored draft, with a way to start afresh: asked first, since what was typed is then gone for good. */
function DraftNotice({ onDiscard }: { onDiscard: () => void }) {
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Alert
        severity="info"
        sx={{ mb: 3 }}
        action={
          <Button color="inherit" size="small" onClick={() => setAsking(true)}>
            {translate('app.signature_wizard.draft.discard')}
          </Button>
        }
      >
        {translate('app.signature_wizard.draft.restored')}
      </Alert>
      <Confirm
        isOpen={asking}
        title="app.signature_wizard.draft.confirm_title"
        content="app.signature_wizard.draft.confirm_content"
        confirm="app.signature_wizard.draft.confirm"
        cancel="app.signature_wizard.draft.keep"
        confirmColor="warning"
        onConfirm={() => {
          setAsking(false);
          onDiscard();
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

/** The new-request wizard (also used, prefilled, to edit a request nobody has signed yet). */
export function SignatureWizard({ createInitialState, requestId, draft, ...logo }: SignatureWizardProps) {
  const translate = useTranslate();
  const [state, dispatch] = useReducer(wizardReducer, undefined, createInitialState);
  const [focus, setFocus] = useState<FocusTarget | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const steps = stepsFor(state.source);
  const index = Math.max(0, steps.indexOf(state.step));
  const definition = templateDefinition(state.templateType);
  const context = { hasLogo: logo.hasLogo, definition };
  const generation = useTemplateGeneration(state, dispatch, definition);
  const drafts = useWizardDraft(draft?.storageKey ?? null, state);
  const submission = useSubmitRequest(requestId, drafts.clear);
  const busy = generation.generating || submission.sending;

  // Each step change moves the focus to the step's heading, so screen readers start reading the new step.
  useEffect(() => {
    if (!focus) return;
    (focus.target === 'summary' ? summary.current : heading.current)?.focus();
  }, [focus]);

  const goTo = (step: WizardStepKey) => {
    dispatch({ type: 'goTo', step });
    setFocus({ target: 'heading', at: Date.now() });
  };

  const showErrors = (errors: FieldErrors) => {
    dispatch({ type: 'setErrors', errors });
    const step = firstStepWithErrors(errors, steps);
    if (step && step !== state.step) dispatch({ type: 'goTo', step });
    setFocus({ target: 'summary', at: Date.now() });
  };

  const generate = async () => {
    const errors = validateStep('details', { ...state, templateDirty: true }, context);
    if (Object.keys(errors).length > 0) return showErrors(errors);
    if (!(await generation.generate())) setFocus({ target: 'summary', at: Date.now() });
  };

  const next = async () => {
    const errors = validateStep(state.step, state, context);
    if (Object.keys(errors).length > 0) return showErrors(errors);
    if (state.step === 'details' && !templateDocumentIsCurrent(state) && !(await generation.generate())) {
      return setFocus({ target: 'summary', at: Date.now() });
    }
    if (state.step === 'review' && state.document) {
      const refused = await submission.submit(buildSignatureInput(state, state.document));
      if (Object.keys(refused).length > 0) showErrors(refused);
      return;
    }
    const following = steps[index + 1];
    if (following) goTo(following);
  };

  const stepProps = { state, dispatch };
  const stepTitle = translate(`app.signature_wizard.steps.${state.step}`);
  return (
    // Visible overflow, so the template preview can stay in view (sticky) beside a long form.
    <Card sx={{ overflow: 'visible' }}>
      <CardContent>
        {draft?.restored && (
          <DraftNotice
            onDiscard={() => {
              drafts.clear();
              draft.onDiscard();
            }}
          />
        )}
        {/* A list of the steps, not tabs: MUI makes a stepper with step buttons a tablist without panels. */}
        <Stepper activeStep={index} alternativeLabel sx={{ mb: 3, display: { xs: 'none', md: 'flex' } }}>
          {steps.map((step, position) => (
            <Step key={step} completed={position < index}>
              <StepLabel aria-current={position === index ? 'step' : undefined}>
                {position < index ? (
                  <Link component="button" type="button" variant="body2" onClick={() => goTo(step)}>
                    {translate(`app.signature_wizard.steps.${step}`)}
                  </Link>
                ) : (
                  translate(`app.signature_wizard.steps.${step}`)
                )}
              </StepLabel>
            </Step>
          ))}
        </Stepper>
        <Box component="section" aria-labelledby="wizard-step-title">
          <Typography variant="body2" color="text.secondary">
            {translate('app.signature_wizard.step_of', { current: index + 1, total: steps.length })}
          </Typography>
          <Typography
            id="wizard-step-title"
            ref={heading}
            tabIndex={-1}
            variant="h5"
            component="h2"
            sx={{ mb: 2, outline: 'none' }}
          >
            {stepTitle}
          </Typography>
          <StepErrorSummary
            ref={summary}
            errors={errorsOfStep(state.errors, state.step)}
            state={state}
            definition={definition}
          />
          <Box sx={{ mt: 2 }}>
            {state.step === 'document' && <DocumentStep {...stepProps} />}
            {state.step === 'details' && (
              <DetailsStep
                {...stepProps}
                generating={generation.generating}
                onGenerate={() => void generate()}
              />
            )}
            {state.step === 'signatories' && <SignatoriesStep {...stepProps} />}
            {state.step === 'placement' && <PlacementStep {...stepProps} />}
            {state.step === 'options' && <OptionsStep {...stepProps} {...logo} />}
            {state.step === 'review' && <ReviewStep {...stepProps} editing={requestId !== null} />}
          </Box>
        </Box>
        <Stack direction="row" spacing={2} sx={{ mt: 4, justifyContent: 'space-between' }}>
          <Button
            id="wizard-back"
            disabled={index === 0 || busy}
            onClick={() => goTo(steps[index - 1] ?? 'document')}
          >
            {translate('app.signature_wizard.back')}
          </Button>
          <Button id="wizard-next" variant="contained" disabled={busy} onClick={() => void next()}>
            {submission.sending
              ? translate('app.signature_wizard.sending')
              : state.step === 'review'
                ? translate(`app.signature_wizard.${requestId ? 'save' : 'send'}`)
                : translate('app.signature_wizard.next')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
