import { FormTextField } from './FormTextField';

interface PasswordFieldProps {
  value: string;
  onValueChange: (value: string) => void;
  errorKey?: string | undefined;
}

/** The new password, with the rules shown under it: the same in the challenge, the reset and the change. */
export function NewPasswordField({ value, onValueChange, errorKey }: PasswordFieldProps) {
  return (
    <FormTextField
      id="newPassword"
      type="password"
      label="app.password.new"
      autoComplete="new-password"
      required
      value={value}
      onValueChange={onValueChange}
      errorKey={errorKey}
      hintKey="app.password.rules"
    />
  );
}

export function RepeatPasswordField({ value, onValueChange, errorKey }: PasswordFieldProps) {
  return (
    <FormTextField
      id="repeatPassword"
      type="password"
      label="app.password.repeat"
      autoComplete="new-password"
      required
      value={value}
      onValueChange={onValueChange}
      errorKey={errorKey}
    />
  );
}
