import { describe, expect, it } from 'vitest';
import {
  validateChangePassword,
  validateNewPassword,
  validateResetConfirmation,
  validateResetRequest,
  validateSignIn,
} from './validation';

describe('sign-in validation', () => {
  it('requires an e-mail and a password', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      email: 'app.validation.required',
      password: 'app.validation.required',
    });
  });

  it('rejects an e-mail that is not one', () => {
    expect(validateSignIn({ email: 'anne.agence.lu', password: 'x' })).toEqual({
      email: 'app.validation.invalid_email',
    });
  });

  it('accepts any non-empty password, since the provider judges it', () => {
    expect(validateSignIn({ email: 'anne@agence.lu', password: 'x' })).toEqual({});
  });
});

describe('password reset request validation', () => {
  it('rejects addresses longer than 50 characters', () => {
    const email = `${'a'.repeat(45)}@agence.lu`;
    expect(validateResetRequest({ email })).toEqual({ email: 'app.validation.email_length' });
  });

  it('accepts a valid address', () => {
    expect(validateResetRequest({ email: 'anne@agence.lu' })).toEqual({});
  });
});

describe('new password validation', () => {
  it('requires both fields', () => {
    expect(validateNewPassword({ newPassword: '', repeatPassword: '' })).toEqual({
      newPassword: 'app.validation.required',
      repeatPassword: 'app.validation.required',
    });
  });

  it('enforces the shared password rules', () => {
    expect(validateNewPassword({ newPassword: 'lowercase1', repeatPassword: 'lowercase1' })).toEqual({
      newPassword: 'app.validation.password_rules',
    });
  });

  it('says passwords must match when the repetition differs', () => {
    expect(validateNewPassword({ newPassword: 'Secret123', repeatPassword: 'Secret124' })).toEqual({
      repeatPassword: 'app.validation.passwords_must_match',
    });
  });

  it('accepts a strong password repeated identically', () => {
    expect(validateNewPassword({ newPassword: 'Secret123', repeatPassword: 'Secret123' })).toEqual({});
  });
});

describe('password reset confirmation validation', () => {
  it('limits the code to 6 characters', () => {
    const values = { code: '1234567', newPassword: 'Secret123', repeatPassword: 'Secret123' };
    expect(validateResetConfirmation(values)).toEqual({ code: 'app.validation.code_length' });
  });
});

describe('change password validation', () => {
  it('requires the current password as well', () => {
    const values = { currentPassword: '', newPassword: 'Secret123', repeatPassword: 'Secret123' };
    expect(validateChangePassword(values)).toEqual({ currentPassword: 'app.validation.required' });
  });

  it('applies the new-password rules', () => {
    const values = { currentPassword: 'Old-Secret1', newPassword: 'short', repeatPassword: 'other' };
    expect(validateChangePassword(values)).toEqual({
      newPassword: 'app.validation.password_rules',
      repeatPassword: 'app.validation.passwords_must_match',
    });
  });
});
