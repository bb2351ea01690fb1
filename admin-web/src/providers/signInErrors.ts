import { IdentityError } from './cognito';
import { SessionError } from './session';

/**
 * Which form failed: the same provider code can mean different things in each. `password` and
 * `newPassword` are the two sign-in steps, `changePassword` the signed-in user's own form, `resetPassword`
 * both steps of the forgotten-password page.
 */
export type IdentityStep = 'password' | 'newPassword' | 'changePassword' | 'resetPassword';
export type SignInStep = Extract<IdentityStep, 'password' | 'newPassword'>;

const INVALID_LOGIN = 'app.auth.invalid_login';
const PASSWORD_RULES = 'app.validation.password_rules';
const SYSTEM = 'app.errors.system';

/** What every form says for these codes, unless its own table says otherwise. */
const COMMON: Readonly<Record<string, string>> = {
  // A new password that breaks the rules (a wrong password is NotAuthorizedException, as with Cognito).
  InvalidPasswordException: PASSWORD_RULES,
  TooManyFailedAttemptsException: 'app.auth.account_locked',
  TooManyRequestsException: 'errors.TOO_MANY_REQUESTS',
  LimitExceededException: 'errors.TOO_MANY_REQUESTS',
};

/** Signing in never says whether the address exists, nor (with the password step) why a password failed. */
const SIGN_IN: Readonly<Record<string, string>> = {
  NotAuthorizedException: INVALID_LOGIN,
  UserNotFoundException: INVALID_LOGIN,
  InvalidParameterException: INVALID_LOGIN,
  PasswordResetRequiredException: 'app.auth.password_reset_required',
};

interface StepMessages {
  codes: Readonly<Record<string, string>>;
  /** Any other failure, a network one included. */
  fallback: string;
}

const STEPS: Readonly<Record<IdentityStep, StepMessages>> = {
  password: { codes: { ...SIGN_IN, InvalidPasswordException: INVALID_LOGIN }, fallback: SYSTEM },
  newPassword: { codes: SIGN_IN, fallback: SYSTEM },
  changePassword: {
    codes: { NotAuthorizedException: 'app.password_change.wrong_password' },
    fallback: SYSTEM,
  },
  // Both steps of the page: anything unexpected asks to try again.
  resetPassword: {
    codes: {
      CodeMismatchException: 'app.forgot_password.invalid_code',
      ExpiredCodeException: 'app.forgot_password.invalid_code',
    },
    fallback: 'app.forgot_password.email_error',
  },
};

const isSignIn = (step: IdentityStep): step is SignInStep => step === 'password' || step === 'newPassword';

/** The translation key of the message a failed identity step (signing in, a password change or reset) shows. */
export function identityErrorKey(error: unknown, step: IdentityStep): string {
  const { codes, fallback } = STEPS[step];
  // Our API's verdict on a session the identity provider accepted (e.g. a deactivated account).
  if (error instanceof SessionError && isSignIn(step)) return error.message;
  if (!(error instanceof IdentityError)) return fallback;
  // Told only to someone who gave the right password.
  if (isSignIn(step) && error.code === 'NotAuthorizedException' && error.message === 'User is disabled.') {
    return 'errors.ACCOUNT_DISABLED';
  }
  if (Object.hasOwn(codes, error.code)) return codes[error.code] as string;
  if (Object.hasOwn(COMMON, error.code)) return COMMON[error.code] as string;
  return fallback;
}
