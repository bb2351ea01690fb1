import { describe, expect, it } from 'vitest';
import { IdentityError } from './cognito';
import { SessionError } from './session';
import { identityErrorKey } from './signInErrors';

const identityError = (code: string) => new IdentityError(code, code);

describe('identityErrorKey while signing in', () => {
  it('shows "invalid login" for an unknown user or a wrong password', () => {
    for (const code of ['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException']) {
      expect(identityErrorKey(identityError(code), 'password')).toBe('app.auth.invalid_login');
    }
  });

  it('explains the password rules when a new password is refused', () => {
    expect(identityErrorKey(identityError('InvalidPasswordException'), 'newPassword')).toBe(
      'app.validation.password_rules',
    );
  });

  it('says the account is deactivated when the API refuses it', () => {
    expect(identityErrorKey(new SessionError('disabled'), 'password')).toBe('errors.ACCOUNT_DISABLED');
  });

  it('asks to wait after too many attempts', () => {
    expect(identityErrorKey(identityError('LimitExceededException'), 'password')).toBe(
      'errors.TOO_MANY_REQUESTS',
    );
  });

  it('says the account is locked for a while after repeated failures', () => {
    expect(identityErrorKey(identityError('TooManyFailedAttemptsException'), 'password')).toBe(
      'app.auth.account_locked',
    );
  });

  it('says the account is deactivated only when the password was right', () => {
    expect(
      identityErrorKey(new IdentityError('NotAuthorizedException', 'User is disabled.'), 'password'),
    ).toBe('errors.ACCOUNT_DISABLED');
    expect(
      identityErrorKey(
        new IdentityError('NotAuthorizedException', 'Incorrect username or password.'),
        'password',
      ),
    ).toBe('app.auth.invalid_login');
  });

  it('falls back to the system error for anything else', () => {
    expect(identityErrorKey(identityError('InternalErrorException'), 'password')).toBe('app.errors.system');
    expect(identityErrorKey(new TypeError('Failed to fetch'), 'password')).toBe('app.errors.system');
  });
});

describe('identityErrorKey, every step', () => {
  const ACCOUNT_LOCKED = 'app.auth.account_locked';
  const TOO_MANY = 'errors.TOO_MANY_REQUESTS';
  const RULES = 'app.validation.password_rules';
  const SYSTEM = 'app.errors.system';
  const INVALID = 'app.auth.invalid_login';
  const RESET_REQUIRED = 'app.auth.password_reset_required';
  const WRONG_PASSWORD = 'app.password_change.wrong_password';
  const INVALID_CODE = 'app.forgot_password.invalid_code';
  const EMAIL_ERROR = 'app.forgot_password.email_error';

  // One row per provider code (or failure), one column per step: what each form showed before.
  const table: [failure: string, password: string, newPassword: string, change: string, reset: string][] = [
    ['NotAuthorizedException', INVALID, INVALID, WRONG_PASSWORD, EMAIL_ERROR],
    ['UserNotFoundException', INVALID, INVALID, SYSTEM, EMAIL_ERROR],
    ['InvalidParameterException', INVALID, INVALID, SYSTEM, EMAIL_ERROR],
    ['InvalidPasswordException', INVALID, RULES, RULES, RULES],
    ['TooManyFailedAttemptsException', ACCOUNT_LOCKED, ACCOUNT_LOCKED, ACCOUNT_LOCKED, ACCOUNT_LOCKED],
    ['PasswordResetRequiredException', RESET_REQUIRED, RESET_REQUIRED, SYSTEM, EMAIL_ERROR],
    ['TooManyRequestsException', TOO_MANY, TOO_MANY, TOO_MANY, TOO_MANY],
    ['LimitExceededException', TOO_MANY, TOO_MANY, TOO_MANY, TOO_MANY],
    ['CodeMismatchException', SYSTEM, SYSTEM, SYSTEM, INVALID_CODE],
    ['ExpiredCodeException', SYSTEM, SYSTEM, SYSTEM, INVALID_CODE],
    ['InternalErrorException', SYSTEM, SYSTEM, SYSTEM, EMAIL_ERROR],
    // Names an object has by inheritance are not provider codes.
    ['constructor', SYSTEM, SYSTEM, SYSTEM, EMAIL_ERROR],
    ['toString', SYSTEM, SYSTEM, SYSTEM, EMAIL_ERROR],
  ];
  const steps = ['password', 'newPassword', 'changePassword', 'resetPassword'] as const;

  it.each(table)('maps %s in each form', (code, ...expected) => {
    expect(steps.map((step) => identityErrorKey(identityError(code), step))).toEqual(expected);
  });

  it('tells a deactivated account only while signing in', () => {
    const disabled = new IdentityError('NotAuthorizedException', 'User is disabled.');
    expect(steps.map((step) => identityErrorKey(disabled, step))).toEqual([
      'errors.ACCOUNT_DISABLED',
      'errors.ACCOUNT_DISABLED',
      WRONG_PASSWORD,
      EMAIL_ERROR,
    ]);
  });

  it("shows the API's verdict on a session only while signing in", () => {
    const rejected = new SessionError('disabled');
    expect(steps.map((step) => identityErrorKey(rejected, step))).toEqual([
      'errors.ACCOUNT_DISABLED',
      'errors.ACCOUNT_DISABLED',
      SYSTEM,
      EMAIL_ERROR,
    ]);
  });

  it("falls back to each form's own message for a failure that is not the provider's", () => {
    const offline = new TypeError('Failed to fetch');
    expect(steps.map((step) => identityErrorKey(offline, step))).toEqual([
      SYSTEM,
      SYSTEM,
      SYSTEM,
      EMAIL_ERROR,
    ]);
  });
});
