import { useFormFields } from '../../common/forms/useFormFields';
import { NewPasswordField, RepeatPasswordField } from '../../common/forms/PasswordFields';
import { Alert, Box, Button } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Link, useTranslate } from 'react-admin';
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
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

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

  const save = async () => {
    const found = validateNewPassword(values);
    setErrors(found);
    setFailure(null);
    if (hasErrors(found)) {
      document.getElementById(found.newPassword ? 'newPassword' : 'repeatPassword')?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const { redirectTo } = await answerNewPasswordChallenge(values.newPassword);
      await finishSignIn(redirectTo);
    } catch (error) {
      setFailure(error instanceof SignInError ? error.message : 'app.errors.system');
      setSubmitting(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
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
