import { ErrorCode } from '@esign/shared';
import { type ApiFailure } from '../api/http';
import { deadlineAfter } from './countdown';

export type SigningErrorKey =
  | 'network'
  | 'sendCode'
  | 'validateSign'
  | 'codeAlreadySent'
  | 'dailyLimit'
  | 'codeExpired'
  | 'locked'
  | 'notYourTurn'
  | 'alreadySigned'
  | 'nothingToSign'
  | 'validation'
  | 'documentChanged'
  | 'requestDeclined'
  | 'requestExpired';

/** Why a code was refused, as said under the code field. */
export type CodeError =
  { kind: 'invalid'; attemptsLeft: number | null } | { kind: 'usedUp' } | { kind: 'expired' };

/** What the signing dialog does about a refused call. */
export interface FailureReaction {
  /** None when the form itself says what went wrong, where the person is looking. */
  toast?: { tone: 'danger' | 'info'; message: SigningErrorKey };
  /** Shown under the code field. */
  codeError?: CodeError;
  /** Shown under the location field. */
  locationError?: boolean;
  /** No new code before this time (epoch ms). */
  retryAt?: number;
  goTo?: 'INFO' | 'OTP';
  locked?: boolean;
  /** The request moved on (signed, cancelled, someone else's turn): reload the page data and close. */
  refresh?: boolean;
  /**
   * The link has not received the document as it now stands (another signatory's signature made a new
   * revision): close the dialog and load the document again; Sign waits for it to be displayed.
   */
  reloadDocument?: boolean;
}

function danger(message: SigningErrorKey): FailureReaction['toast'] {
  return { tone: 'danger', message };
}

/** Refusals both calls share: the link or the request no longer allows signing. */
function reactToRequestState(failure: ApiFailure & { kind: 'http' }): FailureReaction | null {
  if (failure.code === ErrorCode.REQUEST_DECLINED) {
    return { toast: danger('requestDeclined'), refresh: true };
  }
  if (failure.code === ErrorCode.REQUEST_EXPIRED) {
    return { toast: danger('requestExpired'), refresh: true };
  }
  if (failure.code === ErrorCode.DOCUMENT_NOT_DELIVERED) {
    return { toast: { tone: 'info', message: 'documentChanged' }, reloadDocument: true };
  }
  if (failure.status === 404 || failure.status === 410) {
    return { toast: danger('nothingToSign'), refresh: true };
  }
  if (failure.code === ErrorCode.SIGNATORY_LOCKED || failure.status === 423) {
    return { toast: danger('locked'), locked: true };
  }
  if (failure.code === ErrorCode.ALREADY_SIGNED) {
    return { toast: { tone: 'info', message: 'alreadySigned' }, refresh: true };
  }
  if (failure.code === ErrorCode.NOT_YOUR_TURN) {
    return { toast: danger('notYourTurn'), refresh: true };
  }
  return null;
}

/** `GET …/otp` refused. A code sent earlier may still be valid, so a wait moves on to the code step. */
export function reactToSendFailure(failure: ApiFailure, now: number): FailureReaction {
  if (failure.kind === 'network') return { toast: danger('network') };
  const shared = reactToRequestState(failure);
  if (shared) return shared;
  if (failure.status === 429) {
    const retryAt = deadlineAfter(failure.retryAfter, now);
    if (failure.code === ErrorCode.OTP_TOO_SOON) {
      return { toast: { tone: 'info', message: 'codeAlreadySent' }, retryAt, goTo: 'OTP' };
    }
    if (failure.code === ErrorCode.OTP_DAILY_LIMIT) {
      return { toast: danger('dailyLimit'), retryAt, goTo: 'OTP' };
    }
    return { toast: danger('sendCode'), retryAt };
  }
  return { toast: danger('sendCode') };
}

/** `POST …/otp` refused. Any 400 means the code did not open the signature. */
export function reactToSignFailure(failure: ApiFailure): FailureReaction {
  if (failure.kind === 'network') return { toast: danger('network') };
  const shared = reactToRequestState(failure);
  if (shared) return shared;
  // A refused code is said under the code field (and read out there), not in a toast over the form.
  if (failure.code === ErrorCode.OTP_EXPIRED) {
    return { codeError: failure.usedUpByWrongCodes ? { kind: 'usedUp' } : { kind: 'expired' } };
  }
  if (failure.code === ErrorCode.OTP_INVALID && failure.attemptsLeft === 0) {
    return { codeError: { kind: 'usedUp' } };
  }
  if (failure.status === 400) {
    return { codeError: { kind: 'invalid', attemptsLeft: failure.attemptsLeft ?? null } };
  }
  if (failure.status === 422) {
    return failure.errors.location
      ? { toast: danger('validation'), locationError: true, goTo: 'INFO' }
      : { toast: danger('validation') };
  }
  return { toast: danger('validateSign') };
}
