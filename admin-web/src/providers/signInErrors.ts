import { IdentityError } from './cognito';
import { SessionError } from './session';

/** Which form failed: the same provider code can mean different things in each. */
export type SignInStep = 'password' | 'newPassword';

/** The translation key of the message a failed sign-in step shows. */
export function signInErrorKey(error: unknown, step: SignInStep): string {
  if (error instanceof SessionError) return error.message;
  if (error instanceof IdentityError) {
    switch (error.code) {
      case 'NotAuthorizedException':
        // Told only to someone who gave the right password.
        return error.message === 'User is disabled.' ? 'errors.ACCOUNT_DISABLED' : 'app.auth.invalid_login';
      case 'UserNotFoundException':
      case 'InvalidParameterException':
        return 'app.auth.invalid_login';
      // A new password that breaks the rules (a wrong password is NotAuthorizedException, as with Cognito).
      case 'InvalidPasswordException':
        return step === 'password' ? 'app.auth.invalid_login' : 'app.validation.password_rules';
      case 'TooManyFailedAttemptsException':
        return 'app.auth.account_locked';
      case 'PasswordResetRequiredException':
        return 'app.auth.password_reset_required';
      case 'TooManyRequestsException':
      case 'LimitExceededException':
        return 'errors.TOO_MANY_REQUESTS';
      default:
        return 'app.errors.system';
    }
  }
  return 'app.errors.system';
}
