import {
  LOCATION_MAX_LENGTH,
  LOCATION_MIN_LENGTH,
  SIGNING_CONSENTS,
  type SigningConsent,
  capitalizeFirst,
  isCompleteOtp,
  normalizeOtpInput,
} from '@esign/shared';
import { type CodeError, type FailureReaction } from './signingErrors';

/** The dialog's steps; "none" is the dialog being closed. */
export type SigningStep = 'INFO' | 'OTP' | 'SIGNED';

export interface SigningDialogState {
  step: SigningStep;
  location: string;
  consents: Record<SigningConsent, boolean>;
  code: string;
  codeError: CodeError | null;
  locationError: boolean;
  /** No new code before this time (epoch ms). */
  resendAt: number | null;
  /** Codes sent since the dialog opened: from the second on, the step says a new one went out. */
  codesSent: number;
  /** redirect: on the way to the qualified provider; nothing more can be done on this page. */
  pending: 'sendCode' | 'validate' | 'redirect' | null;
  /** Too many wrong codes: nothing more can be sent or validated. */
  locked: boolean;
}

export type SigningDialogAction =
  | { type: 'locationChanged'; value: string }
  | { type: 'consentChanged'; consent: SigningConsent; checked: boolean }
  | { type: 'codeChanged'; value: string }
  | { type: 'sendStarted' }
  | { type: 'codeSent'; resendAt: number | null }
  | { type: 'validateStarted' }
  | { type: 'redirecting' }
  | { type: 'signed' }
  | { type: 'failed'; reaction: FailureReaction }
  | { type: 'back' };

/** At least 10 characters, as a mobile number has. */
const MOBILE_MIN_LENGTH = 10;

export function initialSigningDialog(resendAt: number | null = null): SigningDialogState {
  return {
    step: 'INFO',
    location: '',
    consents: Object.fromEntries(SIGNING_CONSENTS.map((consent) => [consent, false])) as Record<
      SigningConsent,
      boolean
    >,
    code: '',
    codeError: null,
    locationError: false,
    resendAt,
    codesSent: 0,
    pending: null,
    locked: false,
  };
}

export function isLocationValid(location: string): boolean {
  return location.trim().length >= LOCATION_MIN_LENGTH;
}

/** Send-code needs the mobile, a location of at least 3 characters and all four consents. */
export function canSendCode(state: SigningDialogState, mobile: string): boolean {
  return (
    state.pending === null &&
    !state.locked &&
    mobile.trim().length >= MOBILE_MIN_LENGTH &&
    isLocationValid(state.location) &&
    SIGNING_CONSENTS.every((consent) => state.consents[consent])
  );
}

export function canResend(state: SigningDialogState, now: number): boolean {
  return state.pending === null && !state.locked && (state.resendAt === null || state.resendAt <= now);
}

/** Validate needs exactly 8 characters. */
export function canValidate(state: SigningDialogState): boolean {
  return state.pending === null && !state.locked && isCompleteOtp(state.code);
}

function applyFailure(state: SigningDialogState, reaction: FailureReaction): SigningDialogState {
  return {
    ...state,
    pending: null,
    step: reaction.goTo ?? state.step,
    codeError: reaction.codeError ?? state.codeError,
    locationError: reaction.locationError ?? state.locationError,
    resendAt: reaction.retryAt ?? state.resendAt,
    locked: state.locked || reaction.locked === true,
  };
}

export function signingDialogReducer(
  state: SigningDialogState,
  action: SigningDialogAction,
): SigningDialogState {
  switch (action.type) {
    case 'locationChanged':
      return {
        ...state,
        location: capitalizeFirst(action.value.slice(0, LOCATION_MAX_LENGTH)),
        locationError: false,
      };
    case 'consentChanged':
      return { ...state, consents: { ...state.consents, [action.consent]: action.checked } };
    case 'codeChanged':
      return { ...state, code: normalizeOtpInput(action.value), codeError: null };
    case 'sendStarted':
      return { ...state, pending: 'sendCode' };
    case 'codeSent':
      return {
        ...state,
        pending: null,
        step: 'OTP',
        code: '',
        codeError: null,
        resendAt: action.resendAt,
        codesSent: state.codesSent + 1,
      };
    case 'validateStarted':
      return { ...state, pending: 'validate', codeError: null };
    case 'redirecting':
      return { ...state, pending: 'redirect' };
    case 'signed':
      return { ...state, pending: null, step: 'SIGNED' };
    case 'failed':
      return applyFailure(state, action.reaction);
    case 'back':
      return state.step === 'OTP' && state.pending === null ? { ...state, step: 'INFO' } : state;
  }
}
