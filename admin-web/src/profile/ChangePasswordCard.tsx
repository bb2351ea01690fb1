import { useFormFields } from '../common/forms/useFormFields';
import { NewPasswordField, RepeatPasswordField } from '../common/forms/PasswordFields';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { FormTextField } from '../common/forms/FormTextField';
import { type ChangePasswordValues, hasErrors, validateChangePassword } from '../common/forms/validation';
import { MUTATION_OPTIONS } from '../common/mutations';
import { changePassword } from '../providers/cognito';
import { identityErrorKey } from '../providers/signInErrors';
import { STRENGTH_LABELS, passwordStrength } from './passwordStrength';

type Field = keyof ChangePasswordValues;

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', repeatPassword: '' };
// Nothing typed yet: a grey track, not a red one that reads as a verdict.
const STRENGTH_COLORS = ['inherit', 'error', 'warning', 'info', 'success'] as const;

/** The signed-in user's own password, changed with the identity provider directly. */
export function ChangePasswordCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const { values, setValues, errors, setErrors, change } = useFormFields<Field>(EMPTY);
  const {
    mutate,
    reset,
    error,
    isPending: saving,
  } = useMutation({
    ...MUTATION_OPTIONS,
    mutationFn: ({ currentPassword, newPassword }: ChangePasswordValues) =>
      changePassword(currentPassword, newPassword),
    onSuccess: () => {
      setValues(EMPTY);
      notify('app.notifications.password_updated', { type: 'success' });
    },
  });
  // Shown until the next attempt, which clears it even when the form stops it.
  const failure = error ? identityErrorKey(error, 'changePassword') : null;
  const strength = passwordStrength(values.newPassword);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateChangePassword(values);
    setErrors(found);
    reset();
    if (!hasErrors(found)) mutate(values);
  };

  return (
    <Card component="section" aria-labelledby="change-password-title">
      <CardContent>
        <Typography id="change-password-title" variant="h6" component="h2">
          {translate('app.password_change.title')}
        </Typography>
        <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 480 }}>
          {failure && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {translate(failure)}
            </Alert>
          )}
          <FormTextField
            id="currentPassword"
            type="password"
            label="app.password_change.current"
            autoComplete="current-password"
            required
            value={values.currentPassword}
            onValueChange={change('currentPassword')}
            errorKey={errors.currentPassword}
          />
          <NewPasswordField
            value={values.newPassword}
            onValueChange={change('newPassword')}
            errorKey={errors.newPassword}
          />
          <LinearProgress
            variant="determinate"
            value={strength * 25}
            color={STRENGTH_COLORS[strength]}
            sx={strength === 0 ? { color: 'text.disabled' } : undefined}
            aria-label={translate('app.password_change.strength.label')}
            aria-valuetext={translate(`app.password_change.strength.${STRENGTH_LABELS[strength]}`)}
          />
          <Typography variant="caption" color="text.secondary">
            {translate(`app.password_change.strength.${STRENGTH_LABELS[strength]}`)}
          </Typography>
          <RepeatPasswordField
            value={values.repeatPassword}
            onValueChange={change('repeatPassword')}
            errorKey={errors.repeatPassword}
          />
          <Button type="submit" variant="contained" disabled={saving} sx={{ mt: 2 }}>
            {translate('app.password_change.submit')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
