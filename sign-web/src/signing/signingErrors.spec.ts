import { ErrorCode, OTP_RESEND_MS } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { type ApiFailure } from '../api/http';
import { reactToSendFailure, reactToSignFailure } from './signingErrors';

const NOW = 1_000_000;

function refused(status: number, code: ErrorCode | null = null, extra: Partial<ApiFailure> = {}): ApiFailure {
  return { kind: 'http', status, code, retryAfter: null, errors: {}, ...extra };
}

describe('reactToSendFailure', () => {
  it('moves on to the code step after "too soon", with Resend disabled for retryAfter', () => {
    const reaction = reactToSendFailure(refused(429, ErrorCode.OTP_TOO_SOON, { retryAfter: 42_000 }), NOW);
    expect(reaction).toEqual({
      toast: { tone: 'info', message: 'codeAlreadySent' },
      retryAt: NOW + 42_000,
      goTo: 'OTP',
    });
  });

  it('reports the daily limit as an error and waits until the limit lifts', () => {
    const reaction = reactToSendFailure(
      refused(429, ErrorCode.OTP_DAILY_LIMIT, { retryAfter: 3_600_000 }),
      NOW,
    );
    expect(reaction.toast).toEqual({ tone: 'danger', message: 'dailyLimit' });
    expect(reaction.retryAt).toBe(NOW + 3_600_000);
  });

  it('waits the resend delay when a 429 says nothing of how long', () => {
    expect(reactToSendFailure(refused(429), NOW).retryAt).toBe(NOW + OTP_RESEND_MS);
  });

  it('locks on 423', () => {
    expect(reactToSendFailure(refused(423, ErrorCode.SIGNATORY_LOCKED), NOW)).toEqual({
      toast: { tone: 'danger', message: 'locked' },
      locked: true,
    });
  });

  it('reloads the page when the request moved on', () => {
    expect(reactToSendFailure(refused(409, ErrorCode.NOT_YOUR_TURN), NOW)).toMatchObject({
      refresh: true,
      toast: { message: 'notYourTurn' },
    });
    expect(reactToSendFailure(refused(409, ErrorCode.ALREADY_SIGNED), NOW)).toMatchObject({
      refresh: true,
      toast: { tone: 'info', message: 'alreadySigned' },
    });
    expect(reactToSendFailure(refused(404, ErrorCode.NOT_FOUND), NOW)).toMatchObject({
      refresh: true,
      toast: { message: 'nothingToSign' },
    });
  });

  it('shows the send-code error for anything else, and the network one when offline', () => {
    expect(reactToSendFailure(refused(500, ErrorCode.INTERNAL), NOW)).toEqual({
      toast: { tone: 'danger', message: 'sendCode' },
    });
    expect(reactToSendFailure({ kind: 'network' }, NOW)).toEqual({
      toast: { tone: 'danger', message: 'network' },
    });
  });
});

describe('reactToSignFailure', () => {
  it('marks the code incorrect under the field on a 400, with the tries it has left, and no toast', () => {
    expect(reactToSignFailure(refused(400, ErrorCode.OTP_INVALID, { attemptsLeft: 3 }))).toEqual({
      codeError: { kind: 'invalid', attemptsLeft: 3 },
    });
    expect(reactToSignFailure(refused(400))).toEqual({ codeError: { kind: 'invalid', attemptsLeft: null } });
  });

  it('says a code used up by wrong tries is used up, not expired', () => {
    expect(reactToSignFailure(refused(400, ErrorCode.OTP_INVALID, { attemptsLeft: 0 }))).toEqual({
      codeError: { kind: 'usedUp' },
    });
    expect(reactToSignFailure(refused(400, ErrorCode.OTP_EXPIRED, { usedUpByWrongCodes: true }))).toEqual({
      codeError: { kind: 'usedUp' },
    });
  });

  it('says the code expired or was replaced on OTP_EXPIRED', () => {
    expect(reactToSignFailure(refused(400, ErrorCode.OTP_EXPIRED))).toEqual({
      codeError: { kind: 'expired' },
    });
  });

  it('reloads the document when the link has not received the current one, and closes on decline or expiry', () => {
    const stale = refused(409, ErrorCode.DOCUMENT_NOT_DELIVERED);
    expect(reactToSendFailure(stale, 0)).toEqual({
      toast: { tone: 'info', message: 'documentChanged' },
      reloadDocument: true,
    });
    expect(reactToSignFailure(stale).reloadDocument).toBe(true);
    expect(reactToSendFailure(refused(410, ErrorCode.REQUEST_EXPIRED), 0)).toEqual({
      toast: { tone: 'danger', message: 'requestExpired' },
      refresh: true,
    });
    expect(reactToSignFailure(refused(410, ErrorCode.REQUEST_DECLINED))).toEqual({
      toast: { tone: 'danger', message: 'requestDeclined' },
      refresh: true,
    });
  });

  it('locks on 423 and reloads on 409', () => {
    expect(reactToSignFailure(refused(423, ErrorCode.SIGNATORY_LOCKED)).locked).toBe(true);
    expect(reactToSignFailure(refused(409, ErrorCode.ALREADY_SIGNED)).refresh).toBe(true);
  });

  it('goes back to the identity step when the location is refused', () => {
    const failure = refused(422, ErrorCode.VALIDATION_FAILED, {
      errors: { location: 'validation.minLength' },
    });
    expect(reactToSignFailure(failure)).toEqual({
      toast: { tone: 'danger', message: 'validation' },
      locationError: true,
      goTo: 'INFO',
    });
    expect(reactToSignFailure(refused(422, ErrorCode.VALIDATION_FAILED)).goTo).toBeUndefined();
  });

  it('shows the validate error on server errors and the network one when offline', () => {
    expect(reactToSignFailure(refused(503)).toast?.message).toBe('validateSign');
    expect(reactToSignFailure({ kind: 'network' }).toast?.message).toBe('network');
  });
});
