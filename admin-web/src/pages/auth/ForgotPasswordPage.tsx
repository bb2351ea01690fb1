import { useFormFields } from '../../common/forms/useFormFields';
import { NewPasswordField, RepeatPasswordField } from '../../common/forms/PasswordFields';
import { Alert, Box, Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useAuthState, useTranslate } from 'react-admin';
import { MUTATION_OPTIONS } from '../../common/mutations';
import { AFTER_SIGN_IN_PATH } from '../../providers/authProvider';
import { confirmPasswordReset, requestPasswordReset } from '../../providers/cognito';
import { identityErrorKey } from '../../providers/signInErrors';
import { AuthShell } from './AuthShell';
import { FormTextField } from '../../common/forms/FormTextField';
import {
  type FieldErrors,
  hasErrors,
  validateResetConfirmation,
  validateResetRequest,
} from '../../common/forms/validation';

type Step = 'request' | 'confirm' | 'done';
type Field = 'email' | 'code' | 'newPassword' | 'repeatPassword';
const FIELD_ORDER: Field[] = ['email', 'code', 'newPassword', 'repeatPassword'];

/** What each step leads to once the identity provider accepted it, and the message that says so. */
const NEXT_STEP = {
  request: { step: 'confirm', notice: 'app.forgot_password.email_sent' },
  confirm: { step: 'done', notice: 'app.forgot_password.done' },
} as const;
type Sent = keyof typeof NEXT_STEP;

/** `/auth/forgot_password`: step 1 sends a code by e-mail, step 2 sets the new password with it. */
export function ForgotPasswordPage() {
  const translate = useTranslate();
  const [step, setStep] = useState<Step>('request');
  const { values, setValues, errors, setErrors, change } = useFormFields<Field>({
    email: '',
    code: '',
    newPassword: '',
    repeatPassword: '',
  });
  // The last attempt's outcome, until the next one (or starting again) clears it.
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; key: string } | null>(null);
  const { mutate, isPending: submitting } = useMutation({
    ...MUTATION_OPTIONS,
    mutationFn: ({ from, email, code, newPassword }: Record<Field, string> & { from: Sent }) =>
      from === 'request' ? requestPasswordReset(email) : confirmPasswordReset(email, code, newPassword),
    onSuccess: (_, { from }) => {
      setStep(NEXT_STEP[from].step);
      setNotice({ severity: 'success', key: NEXT_STEP[from].notice });
    },
    onError: (error) => setNotice({ severity: 'error', key: identityErrorKey(error, 'resetPassword') }),
  });
  const { authenticated } = useAuthState(undefined, false);

  // Signed in already: the dashboard (or the consent page, which it leads to) is where to be.
  if (authenticated) {
    return <Navigate to={AFTER_SIGN_IN_PATH} replace />;
  }

  const run = (found: FieldErrors<Field>, from: Sent) => {
    setErrors(found);
    if (hasErrors(found)) {
      const first = FIELD_ORDER.find((field) => found[field]);
      if (first) document.getElementById(first)?.focus();
      return;
    }
    setNotice(null);
    mutate({ ...values, from });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'request') run(validateResetRequest(values), 'request');
    else run(validateResetConfirmation(values), 'confirm');
  };

  const startAgain = () => {
    setStep('request');
    setNotice(null);
    setErrors({});
    setValues((previous) => ({ ...previous, code: '', newPassword: '', repeatPassword: '' }));
  };

  return (
    <AuthShell title="app.forgot_password.title">
      {notice && (
        <Alert severity={notice.severity} sx={{ mb: 1 }}>
          {translate(notice.key)}
        </Alert>
      )}
      {step !== 'done' && (
        <Box component="form" noValidate onSubmit={submit}>
          <Box component="p" sx={{ color: 'text.secondary' }}>
            {translate(
              step === 'request' ? 'app.forgot_password.request_intro' : 'app.forgot_password.confirm_intro',
            )}
          </Box>
          <FormTextField
            id="email"
            type="email"
            label="app.auth.email"
            autoComplete="username"
            required
            disabled={step === 'confirm'}
            value={values.email}
            onValueChange={change('email')}
            errorKey={errors.email}
          />
          {step === 'confirm' && (
            <>
              <FormTextField
                id="code"
                label="app.forgot_password.code"
                autoComplete="one-time-code"
                required
                slotProps={{ htmlInput: { maxLength: 6, inputMode: 'numeric' } }}
                value={values.code}
                onValueChange={change('code')}
                errorKey={errors.code}
              />
              <NewPasswordField
                value={values.newPassword}
                onValueChange={change('newPassword')}
                errorKey={errors.newPassword}
              />
              <RepeatPasswordField
                value={values.repeatPassword}
                onValueChange={change('repeatPassword')}
                errorKey={errors.repeatPassword}
              />
            </>
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={submitting}
            sx={{ mt: 2 }}
          >
            {translate(step === 'request' ? 'app.forgot_password.send_code' : 'app.forgot_password.submit')}
          </Button>
          {step === 'confirm' && (
            <Button fullWidth onClick={startAgain} sx={{ mt: 1 }}>
              {translate('app.forgot_password.start_again')}
            </Button>
          )}
        </Box>
      )}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link to="/auth/login">{translate('app.auth.back_to_sign_in')}</Link>
      </Box>
    </AuthShell>
  );
}
