import { describe, expect, it } from 'vitest';
import { IdentityError } from './cognito';
import { SessionError } from './session';
import { signInErrorKey } from './signInErrors';

const identityError = (code: string) => new IdentityError(code, code);

describe('signInErrorKey', () => {
  it('shows "invalid login" for an unknown user or a wrong password', () => {
    for (const code of ['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException']) {
      expect(signInErrorKey(identityError(code), 'password')).toBe('app.auth.invalid_login');
    }
  });

  it('explains the password rules when a new password is refused', () => {
    expect(signInErrorKey(identityError('InvalidPasswordException'), 'newPassword')).toBe(
      'app.validation.password_rules',
    );
  });

  it('says the account is deactivated when the API refuses it', () => {
    expect(signInErrorKey(new SessionError('disabled'), 'password')).toBe('errors.ACCOUNT_DISABLED');
  });

  it('asks to wait after too many attempts', () => {
    expect(signInErrorKey(identityError('LimitExceededException'), 'password')).toBe(
      'errors.TOO_MANY_REQUESTS',
    );
  });

  it('says the account is locked for a while after repeated failures', () => {
    expect(signInErrorKey(identityError('TooManyFailedAttemptsException'), 'password')).toBe(
      'app.auth.account_locked',
    );
  });

  it('says the account is deactivated only when the password was right', () => {
    expect(signInErrorKey(new IdentityError('NotAuthorizedException', 'User is disabled.'), 'password')).toBe(
      'errors.ACCOUNT_DISABLED',
    );
    expect(
      signInErrorKey(
        new IdentityError('NotAuthorizedException', 'Incorrect username or password.'),
        'password',
      ),
    ).toBe('app.auth.invalid_login');
  });

  it('falls back to the system error for anything else', () => {
    expect(signInErrorKey(identityError('InternalErrorException'), 'password')).toBe('app.errors.system');
    expect(signInErrorKey(new TypeError('Failed to fetch'), 'password')).toBe('app.errors.system');
  });
});
