import { useFormFields } from '../../common/forms/useFormFields';
import { NewPasswordField, RepeatPasswordField } from '../../common/forms/PasswordFields';
import { Alert, Box, Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { Link, useTranslate } from 'react-admin';
import { MUTATION_OPTIONS } from '../../common/mutations';
import { SignInError, answerNewPasswordChallenge } from '../../providers/authProvider';
import { hasPendingNewPasswordChallenge } from '../../providers/cognito';
import { AuthShell } from './AuthShell';
import { useFinishSignIn } from './useFinishSignIn';
import { type NewPasswordValues, hasErrors, validateNewPassword } from '../../common/forms/validation';

type Field = keyof NewPasswordValues;

/** `/challenges/new_password_required`: the first sign-in replaces the temporary password. */
export function NewPasswordChallengePage() {
  const translate = useTranslate();
  const finishSignIn = useFinishSignIn();
  const { values, errors, setErrors, change } = useFormFields<Field>({ newPassword: '', repeatPassword: '' });
  const { mutate, reset, error, isPending, isSuccess } = useMutation({
    ...MUTATION_OPTIONS,
    mutationFn: async (newPassword: string) =>
      finishSignIn((await answerNewPasswordChallenge(newPassword)).redirectTo),
  });
  const failure = error ? (error instanceof SignInError ? error.message : 'app.errors.system') : null;
  // Signed in, the page is being left: the button stays disabled until it is gone.
  const submitting = isPending || isSuccess;

  if (!hasPendingNewPasswordChallenge()) {
    return (
      <AuthShell title="app.new_password.title">
        <Alert severity="info">{translate('app.new_password.expired')}</Alert>
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link to="/auth/login">{translate('app.auth.back_to_sign_in')}</Link>
        </Box>
      </AuthShell>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewPassword(values);
    setErrors(found);
    reset();
    if (hasErrors(found)) {
      document.getElementById(found.newPassword ? 'newPassword' : 'repeatPassword')?.focus();
      return;
    }
    mutate(values.newPassword);
  };

  return (
    <AuthShell title="app.new_password.title">
      <Box component="form" noValidate onSubmit={submit}>
        <Box component="p" sx={{ color: 'text.secondary' }}>
          {translate('app.new_password.intro')}
        </Box>
        {failure && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {translate(failure)}
          </Alert>
        )}
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
        <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting} sx={{ mt: 2 }}>
          {translate('app.new_password.submit')}
        </Button>
      </Box>
    </AuthShell>
  );
}
