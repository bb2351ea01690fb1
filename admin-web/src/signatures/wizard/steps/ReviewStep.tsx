import { normalizeMobile } from '@esign/shared';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { LOCALE_NAMES } from '../../../i18n';
import { type DetailItem, DetailList } from '../../details/DetailList';
import { type StepProps } from '../stepProps';
import { type WizardStepKey } from '../wizardSteps';

interface ReviewStepProps extends StepProps {
  editing: boolean;
}

function ReviewSection({
  title,
  step,
  onEdit,
  children,
}: {
  title: string;
  step: WizardStepKey;
  onEdit: (step: WizardStepKey) => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const stepName = translate(`app.signature_wizard.steps.${step}`);
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Stack
          direction="row"
          useFlexGap
          sx={{
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            columnGap: 1,
            mb: 1,
          }}
        >
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Button size="small" startIcon={<EditIcon />} onClick={() => onEdit(step)}>
            {translate('app.signature_wizard.review.edit_step', { step: stepName })}
          </Button>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

function useOptionItems({ state }: Pick<StepProps, 'state'>): DetailItem[] {
  const translate = useTranslate();
  const { options, document } = state;
  const d = (key: string) => translate(`app.signature_details.${key}`);
  return [
    {
      label: d('document'),
      value: document
        ? translate('app.signature_details.document_value', {
            name: document.documentName,
            smart_count: document.pageCount,
          })
        : '—',
    },
    { label: translate('app.signature_wizard.options.title'), value: options.signatureTitle },
    { label: d('signing_mode'), value: translate(`app.signatures.signing_mode.${options.signingMode}`) },
    { label: d('signing_flow'), value: translate(`app.signatures.signing_flow.${options.signingFlow}`) },
    {
      label: d('signature_size'),
      value: translate(`app.signatures.signature_size.${options.signatureSize}`),
    },
    {
      label: d('seal'),
      value: translate('app.signature_details.seal_value', {
        page: options.sealPage,
        size: translate(`app.signatures.signature_size.${options.sealSize}`),
      }),
    },
    { label: d('language'), value: LOCALE_NAMES[options.language] },
  ];
}

/** Last step: everything at a glance, with a way back to each part, before sending. */
export function ReviewStep({ state, dispatch, editing }: ReviewStepProps) {
  const translate = useTranslate();
  const goTo = (step: WizardStepKey) => dispatch({ type: 'goTo', step });
  return (
    <Stack spacing={2}>
      <Typography>{translate(`app.signature_wizard.review.${editing ? 'intro_edit' : 'intro'}`)}</Typography>
      <ReviewSection title={translate('app.signature_details.summary')} step="options" onEdit={goTo}>
        <DetailList items={useOptionItems({ state })} />
      </ReviewSection>
      <ReviewSection title={translate('app.signature_details.signatories')} step="signatories" onEdit={goTo}>
        <Box component="ol" sx={{ m: 0, pl: 3 }}>
          {state.signatories.map((signatory) => (
            <li key={signatory.key}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {signatory.name}
              </Typography>
              {signatory.role.trim() && ` (${signatory.role.trim()})`} · {signatory.email} ·{' '}
              {normalizeMobile(signatory.mobile) ?? signatory.mobile}
              {signatory.party && ` · ${translate('app.signature_wizard.placement.in_frame')}`}
              {!signatory.party &&
                signatory.placement &&
                ` · ${translate('app.signature_details.placement_value', {
                  page: signatory.placement.page,
                  position: translate(`app.signatures.position.${signatory.placement.position}`),
                })}`}
            </li>
          ))}
        </Box>
      </ReviewSection>
    </Stack>
  );
}
