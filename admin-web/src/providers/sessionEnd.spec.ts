import { ErrorCode } from '@esign/shared';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { SIGN_IN_PATH, authProvider } from './authProvider';
import { sessionEndTold, sessionEndToTell } from './session';

describe('a session the API ends', () => {
  afterEach(sessionEndTold);

  it('leaves the reason of a deactivated account for the sign-in page, not for a toast', async () => {
    const refused = new HttpError('Forbidden', 403, { code: ErrorCode.ACCOUNT_DISABLED });
    await expect(authProvider.checkError(refused)).rejects.toMatchObject({
      redirectTo: SIGN_IN_PATH,
      message: false,
    });
    expect(sessionEndToTell()).toBe(`errors.${ErrorCode.ACCOUNT_DISABLED}`);
    sessionEndTold();
    expect(sessionEndToTell()).toBeNull();
  });

  it('says a session is over when the API no longer accepts its token', async () => {
    await expect(authProvider.checkError(new HttpError('Unauthorized', 401, {}))).rejects.toMatchObject({
      message: false,
    });
    expect(sessionEndToTell()).toBe('ra.notification.logged_out');
  });

  it('keeps the session on any other refusal, with nothing to tell', async () => {
    const forbidden = new HttpError('Forbidden', 403, { code: ErrorCode.FORBIDDEN });
    await expect(authProvider.checkError(forbidden)).resolves.toBeUndefined();
    expect(sessionEndToTell()).toBeNull();
  });
});
