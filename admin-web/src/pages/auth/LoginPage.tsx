import { useFormFields } from '../../common/forms/useFormFields';
import { Alert, Box, Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, Navigate, useAuthState, useTranslate } from 'react-admin';
import { MUTATION_OPTIONS } from '../../common/mutations';
import {
  AFTER_SIGN_IN_PATH,
  type SignInCredentials,
  SignInError,
  signInWithPassword,
} from '../../providers/authProvider';
import { sessionEndTold, sessionEndToTell } from '../../providers/session';
import { AuthShell } from './AuthShell';
import { FormTextField } from '../../common/forms/FormTextField';
import { useFinishSignIn } from './useFinishSignIn';
import { hasErrors, validateSignIn } from '../../common/forms/validation';

type Field = 'email' | 'password';

/** `/auth/login` and `/auth`: e-mail and password, checked by the identity provider, then by the API. */
export function LoginPage() {
  const translate = useTranslate();
  const { authenticated } = useAuthState(undefined, false);
  const finishSignIn = useFinishSignIn();
  const { values, errors, setErrors, change } = useFormFields<Field>({ email: '', password: '' });
  // Why the last session ended (deactivated account, expired session), until the member tries again.
  const [sessionEnd, setSessionEnd] = useState<string | null>(sessionEndToTell);
  useEffect(sessionEndTold, []);
  const { mutate, reset, error, isPending, isSuccess } = useMutation({
    ...MUTATION_OPTIONS,
    mutationFn: async (credentials: SignInCredentials) =>
      finishSignIn((await signInWithPassword(credentials)).redirectTo),
  });
  const failure = error ? (error instanceof SignInError ? error.message : 'app.errors.system') : sessionEnd;
  // Signed in, the page is being left: the button stays disabled until it is gone.
  const submitting = isPending || isSuccess;

  if (authenticated) {
    return <Navigate to={AFTER_SIGN_IN_PATH} replace />;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignIn(values);
    setErrors(found);
    setSessionEnd(null);
    reset();
    if (hasErrors(found)) {
      document.getElementById(found.email ? 'email' : 'password')?.focus();
      return;
    }
    mutate(values);
  };

  return (
    <AuthShell title="app.auth.title">
      <Box component="form" noValidate onSubmit={submit} aria-describedby="sign-in-subtitle">
        <Box id="sign-in-subtitle" component="p" sx={{ color: 'text.secondary', mt: 0 }}>
          {translate('app.auth.subtitle')}
        </Box>
        {failure && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {translate(failure)}
          </Alert>
        )}
        <FormTextField
          id="email"
          type="email"
          label="app.auth.email"
          autoComplete="username"
          required
          value={values.email}
          onValueChange={change('email')}
          errorKey={errors.email}
        />
        <FormTextField
          id="password"
          type="password"
          label="app.auth.password"
          autoComplete="current-password"
          required
          value={values.password}
          onValueChange={change('password')}
          errorKey={errors.password}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting} sx={{ mt: 2 }}>
          {translate('app.auth.sign_in')}
        </Button>
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link to="/auth/forgot_password">{translate('app.auth.forgot_password')}</Link>
        </Box>
      </Box>
    </AuthShell>
  );
}
