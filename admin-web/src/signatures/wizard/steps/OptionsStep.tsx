import {
  EXPIRY_DAYS_MAX,
  EXPIRY_DAYS_MIN,
  LOCALES,
  type Locale,
  SIGNATURE_SIZES,
  SIGNING_FLOWS,
  SIGNING_MODES,
  type SignatureSize,
  type SigningFlow,
  type SigningMode,
} from '@esign/shared';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { LOCALE_NAMES } from '../../../i18n';
import { loadPublicConfig } from '../../../providers/config';
import { useDateTimeFormat } from '../../useDateFormat';
import { wizardFieldId } from '../fieldIds';
import { type StepProps } from '../stepProps';
import { useErrorText } from '../useErrorText';
import { type WizardOptions } from '../wizardState';
import { SigningModeGuide } from './SigningModeGuide';

interface OptionsStepProps extends StepProps {
  hasLogo: boolean;
  checkingLogo: boolean;
  onCheckLogo: () => void;
}

function NativeSelect(props: {
  name: keyof WizardOptions;
  label: string;
  value: string;
  error?: string;
  /** Said under the field while it holds no error. */
  hint?: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <TextField
      id={wizardFieldId(props.name)}
      select
      label={props.label}
      value={props.value}
      error={Boolean(props.error)}
      helperText={props.error ?? props.hint}
      onChange={(event) => props.onChange(event.target.value)}
      slotProps={{ select: { native: true } }}
      fullWidth={false}
      sx={{ minWidth: 220, maxWidth: { md: 320 } }}
    >
      {props.children}
    </TextField>
  );
}

function LogoMissing({ checkingLogo, onCheckLogo }: Pick<OptionsStepProps, 'checkingLogo' | 'onCheckLogo'>) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.signature_wizard.options.${key}`);
  return (
    <Alert
      severity="info"
      action={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          {/* A new tab keeps everything typed in this wizard. */}
          <Button
            color="inherit"
            size="small"
            href="/profile/me"
            target="_blank"
            rel="noopener"
            endIcon={<OpenInNewIcon />}
          >
            {t('open_profile')}
          </Button>
          <Button color="inherit" size="small" disabled={checkingLogo} onClick={onCheckLogo}>
            {t('check_again')}
          </Button>
        </Stack>
      }
    >
      {t('logo_missing')}
    </Alert>
  );
}

function SigningModeField({ state, dispatch, hasLogo, ...logo }: OptionsStepProps) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const error = errorText(state.errors.signingMode);
  const qualifiedOffered = usePublicConfig()?.qualifiedSignatures === true;
  // QUALIFIED only where a provider makes it, or on a request that has it already.
  const modes = SIGNING_MODES.filter(
    (mode) => mode !== 'QUALIFIED' || qualifiedOffered || state.options.signingMode === 'QUALIFIED',
  );
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend">{translate('app.signature_wizard.options.signing_mode')}</FormLabel>
      <RadioGroup
        row
        value={state.options.signingMode}
        onChange={(event) =>
          dispatch({ type: 'setOptions', options: { signingMode: event.target.value as SigningMode } })
        }
      >
        {modes.map((mode, index) => (
          <FormControlLabel
            key={mode}
            value={mode}
            disabled={mode !== 'SIMPLE' && !hasLogo && state.options.signingMode !== mode}
            control={<Radio id={index === 0 ? wizardFieldId('signingMode') : undefined} />}
            label={translate(`app.signatures.signing_mode.${mode}`)}
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
      <Box sx={{ mt: 1 }}>
        <SigningModeGuide qualified={qualifiedOffered} />
      </Box>
      {!hasLogo && <LogoMissing {...logo} />}
    </FormControl>
  );
}

/** The server's run-time settings, read once per visit. */
function usePublicConfig() {
  const { data } = useQuery({
    queryKey: ['esign', 'public-config'],
    queryFn: loadPublicConfig,
    // A setting of the server: read once per visit.
    staleTime: Infinity,
    retry: false,
  });
  return data;
}

/** The server's default time to sign (REQUEST_EXPIRY_DAYS), for the field's hint. */
function useDefaultExpiryDays(): number | null {
  const data = usePublicConfig();
  return typeof data?.requestExpiryDays === 'number' ? data.requestExpiryDays : null;
}

/** How long the request can be signed for: empty keeps the default (or, when editing, the current date). */
function ExpiryField({ state, dispatch }: StepProps) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const format = useDateTimeFormat();
  const defaultDays = useDefaultExpiryDays();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.signature_wizard.options.${key}`, options);
  const error = errorText(state.errors.expiryDays);
  const hint = state.options.expiresAt
    ? t('expiry_hint_edit', { date: format(state.options.expiresAt) })
    : t('expiry_hint', { default: defaultDays ?? '—' });
  return (
    <TextField
      id={wizardFieldId('expiryDays')}
      label={t('expiry_days')}
      type="number"
      value={state.options.expiryDays ?? ''}
      placeholder={state.options.expiresAt ? '' : String(defaultDays ?? '')}
      error={Boolean(error)}
      helperText={error ?? hint}
      onChange={(event) => dispatch({ type: 'setOptions', options: { expiryDays: event.target.value } })}
      slotProps={{ htmlInput: { min: EXPIRY_DAYS_MIN, max: EXPIRY_DAYS_MAX, inputMode: 'numeric' } }}
      sx={{ maxWidth: 520 }}
    />
  );
}

/** Step: signing mode, flow, sizes, seal page, title, the invitations' language and the time to sign. */
export function OptionsStep(props: OptionsStepProps) {
  const { state, dispatch } = props;
  const translate = useTranslate();
  const errorText = useErrorText();
  const t = (key: string) => translate(`app.signature_wizard.options.${key}`);
  const set = (options: Partial<WizardOptions>) => dispatch({ type: 'setOptions', options });
  const sizes = SIGNATURE_SIZES.map((size) => (
    <option key={size} value={size}>
      {translate(`app.signatures.signature_size.${size}`)}
    </option>
  ));
  return (
    <Stack spacing={3}>
      <TextField
        id={wizardFieldId('signatureTitle')}
        label={t('title')}
        required
        value={state.options.signatureTitle}
        error={Boolean(state.errors.signatureTitle)}
        helperText={errorText(state.errors.signatureTitle) ?? t('title_hint')}
        onChange={(event) => set({ signatureTitle: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        fullWidth
      />
      <SigningModeField {...props} />
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('signing_flow')}</FormLabel>
        <RadioGroup
          value={state.options.signingFlow}
          onChange={(event) => set({ signingFlow: event.target.value as SigningFlow })}
        >
          {SIGNING_FLOWS.map((flow) => (
            <FormControlLabel
              key={flow}
              value={flow}
              control={<Radio />}
              label={translate(`app.signatures.signing_flow.${flow}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <NativeSelect
          name="signatureSize"
          label={t('signature_size')}
          value={state.options.signatureSize}
          onChange={(value) => set({ signatureSize: value as SignatureSize })}
        >
          {sizes}
        </NativeSelect>
        <NativeSelect
          name="sealPage"
          label={t('seal_page')}
          value={String(state.options.sealPage)}
          error={errorText(state.errors.sealPage)}
          hint={t('seal_page_hint')}
          onChange={(value) => set({ sealPage: Number(value) })}
        >
          {Array.from({ length: state.document?.pageCount ?? 1 }, (_, index) => (
            <option key={index + 1} value={index + 1}>
              {index + 1}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          name="sealSize"
          label={t('seal_size')}
          value={state.options.sealSize}
          onChange={(value) => set({ sealSize: value as SignatureSize })}
        >
          {sizes}
        </NativeSelect>
        <NativeSelect
          name="language"
          label={t('language')}
          value={state.options.language}
          onChange={(value) => set({ language: value as Locale })}
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </NativeSelect>
      </Stack>
      <ExpiryField state={state} dispatch={dispatch} />
    </Stack>
  );
}
