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
      case 'UserNotFoundException':
      case 'InvalidParameterException':
        return 'app.auth.invalid_login';
      // The embedded user pool answers a wrong password with this code; Cognito uses it for weak new passwords.
      case 'InvalidPasswordException':
        return step === 'password' ? 'app.auth.invalid_login' : 'app.validation.password_rules';
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
