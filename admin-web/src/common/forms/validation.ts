import { isValidEmail, isValidPassword } from '@esign/shared';

/** Field name → translation key of its error; empty when the form may be sent. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

const RESET_EMAIL_MIN = 3;
const RESET_EMAIL_MAX = 50;
const RESET_CODE_MAX = 6;

function emailError(email: string): string | undefined {
  if (!email.trim()) return 'app.validation.required';
  if (!isValidEmail(email.trim())) return 'app.validation.invalid_email';
  return undefined;
}

function compact<Field extends string>(errors: Record<Field, string | undefined>): FieldErrors<Field> {
  return Object.fromEntries(
    Object.entries(errors).filter(([, error]) => error !== undefined),
  ) as FieldErrors<Field>;
}

/** Sign-in: e-mail required and valid, password required. */
export function validateSignIn(values: {
  email: string;
  password: string;
}): FieldErrors<'email' | 'password'> {
  return compact({
    email: emailError(values.email),
    password: values.password ? undefined : 'app.validation.required',
  });
}

/** Forgot password, step 1: e-mail required, valid, 3 to 50 characters. */
export function validateResetRequest(values: { email: string }): FieldErrors<'email'> {
  const length = values.email.trim().length;
  const outOfBounds = length > 0 && (length < RESET_EMAIL_MIN || length > RESET_EMAIL_MAX);
  return compact({ email: outOfBounds ? 'app.validation.email_length' : emailError(values.email) });
}

export interface NewPasswordValues {
  newPassword: string;
  repeatPassword: string;
}

/** A new password (challenge or reset): 8 to 50 characters with the pattern, repeated identically. */
export function validateNewPassword(values: NewPasswordValues): FieldErrors<keyof NewPasswordValues> {
  const { newPassword, repeatPassword } = values;
  return compact({
    newPassword: !newPassword
      ? 'app.validation.required'
      : isValidPassword(newPassword)
        ? undefined
        : 'app.validation.password_rules',
    repeatPassword: !repeatPassword
      ? 'app.validation.required'
      : repeatPassword === newPassword
        ? undefined
        : 'app.validation.passwords_must_match',
  });
}

export interface ChangePasswordValues extends NewPasswordValues {
  currentPassword: string;
}

/** Change password: the current password, then a new one repeated identically. */
export function validateChangePassword(
  values: ChangePasswordValues,
): FieldErrors<keyof ChangePasswordValues> {
  return {
    ...compact({ currentPassword: values.currentPassword ? undefined : 'app.validation.required' }),
    ...validateNewPassword(values),
  };
}

/** Forgot password, step 2: a code of at most 6 characters and a new password. */
export function validateResetConfirmation(
  values: NewPasswordValues & { code: string },
): FieldErrors<keyof NewPasswordValues | 'code'> {
  const code = values.code.trim();
  return {
    ...compact({
      code: !code
        ? 'app.validation.required'
        : code.length > RESET_CODE_MAX
          ? 'app.validation.code_length'
          : undefined,
    }),
    ...validateNewPassword(values),
  };
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}
