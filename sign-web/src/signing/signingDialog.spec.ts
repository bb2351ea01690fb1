import { SIGNING_CONSENTS } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import {
  type SigningDialogAction,
  type SigningDialogState,
  canResend,
  canSendCode,
  canValidate,
  initialSigningDialog,
  signingDialogReducer,
} from './signingDialog';

const MOBILE = '+352621123456';
const NOW = 5_000_000;

function run(actions: SigningDialogAction[], start = initialSigningDialog()): SigningDialogState {
  return actions.reduce(signingDialogReducer, start);
}

const allConsents: SigningDialogAction[] = SIGNING_CONSENTS.map((consent) => ({
  type: 'consentChanged',
  consent,
  checked: true,
}));

const readyToSend = run([{ type: 'locationChanged', value: 'luxembourg' }, ...allConsents]);

describe('identity step', () => {
  it('starts on INFO with nothing ticked', () => {
    const state = initialSigningDialog();
    expect(state.step).toBe('INFO');
    expect(Object.values(state.consents)).toEqual([false, false, false, false]);
    expect(canSendCode(state, MOBILE)).toBe(false);
  });

  it('capitalises the first letter of the location as typed', () => {
    expect(run([{ type: 'locationChanged', value: 'esch-sur-alzette' }]).location).toBe('Esch-sur-alzette');
    expect(run([{ type: 'locationChanged', value: 'écht' }]).location).toBe('Écht');
  });

  it('enables Send code only with a location of 3 characters and all four consents', () => {
    expect(canSendCode(readyToSend, MOBILE)).toBe(true);
    expect(canSendCode(run([{ type: 'locationChanged', value: 'Lu' }], readyToSend), MOBILE)).toBe(false);
    expect(canSendCode(run([{ type: 'locationChanged', value: '   ' }], readyToSend), MOBILE)).toBe(false);
    for (const consent of SIGNING_CONSENTS) {
      const missing = run([{ type: 'consentChanged', consent, checked: false }], readyToSend);
      expect(canSendCode(missing, MOBILE)).toBe(false);
    }
  });

  it('needs a mobile of at least 10 characters', () => {
    expect(canSendCode(readyToSend, '+35262112')).toBe(false);
  });

  it('does not send twice while a send is under way', () => {
    expect(canSendCode(run([{ type: 'sendStarted' }], readyToSend), MOBILE)).toBe(false);
  });
});

describe('code step', () => {
  const onOtp = run([{ type: 'sendStarted' }, { type: 'codeSent', resendAt: NOW + 120_000 }], readyToSend);

  it('moves to OTP once the code is sent, and keeps Resend disabled until the next allowed time', () => {
    expect(onOtp.step).toBe('OTP');
    expect(canResend(onOtp, NOW)).toBe(false);
    expect(canResend(onOtp, NOW + 119_999)).toBe(false);
    expect(canResend(onOtp, NOW + 120_000)).toBe(true);
  });

  it('counts the codes sent, so that a resent one is said in the step', () => {
    expect(onOtp.codesSent).toBe(1);
    const resent = run([{ type: 'sendStarted' }, { type: 'codeSent', resendAt: NOW + 240_000 }], onOtp);
    expect(resent.codesSent).toBe(2);
    expect(resent.code).toBe('');
  });

  it('normalises the code as typed and validates at exactly 8 characters', () => {
    const typed = run([{ type: 'codeChanged', value: 'ab12-cd3o' }], onOtp);
    expect(typed.code).toBe('AB12CD30');
    expect(canValidate(typed)).toBe(true);
    expect(canValidate(run([{ type: 'codeChanged', value: 'AB12CD3' }], onOtp))).toBe(false);
    expect(run([{ type: 'codeChanged', value: 'AB12CD34XYZ' }], onOtp).code).toBe('AB12CD34');
  });

  it('shows the invalid-code line after a refusal and clears it when the code changes', () => {
    const refused = run(
      [
        { type: 'codeChanged', value: 'AB12CD34' },
        { type: 'validateStarted' },
        {
          type: 'failed',
          reaction: { codeError: { kind: 'invalid', attemptsLeft: 4 } },
        },
      ],
      onOtp,
    );
    expect(refused.codeError).toEqual({ kind: 'invalid', attemptsLeft: 4 });
    expect(refused.pending).toBeNull();
    expect(run([{ type: 'codeChanged', value: 'AB12CD35' }], refused).codeError).toBeNull();
  });

  it('reaches SIGNED on success', () => {
    const signed = run(
      [{ type: 'codeChanged', value: 'AB12CD34' }, { type: 'validateStarted' }, { type: 'signed' }],
      onOtp,
    );
    expect(signed.step).toBe('SIGNED');
  });

  it('blocks everything once locked', () => {
    const locked = run(
      [
        { type: 'codeChanged', value: 'AB12CD34' },
        { type: 'failed', reaction: { toast: { tone: 'danger', message: 'locked' }, locked: true } },
      ],
      onOtp,
    );
    expect(canValidate(locked)).toBe(false);
    expect(canResend(locked, NOW + 10_000_000)).toBe(false);
  });

  it('moves to OTP after "too soon" on the identity step, with the wait it gives', () => {
    const waiting = run(
      [
        { type: 'sendStarted' },
        {
          type: 'failed',
          reaction: {
            toast: { tone: 'info', message: 'codeAlreadySent' },
            retryAt: NOW + 60_000,
            goTo: 'OTP',
          },
        },
      ],
      readyToSend,
    );
    expect(waiting.step).toBe('OTP');
    expect(waiting.resendAt).toBe(NOW + 60_000);
  });

  it('goes back to the identity step with the location marked when the server refuses it', () => {
    const back = run(
      [
        {
          type: 'failed',
          reaction: { toast: { tone: 'danger', message: 'validation' }, locationError: true, goTo: 'INFO' },
        },
      ],
      onOtp,
    );
    expect(back.step).toBe('INFO');
    expect(back.locationError).toBe(true);
    expect(run([{ type: 'locationChanged', value: 'Mersch' }], back).locationError).toBe(false);
  });
});
