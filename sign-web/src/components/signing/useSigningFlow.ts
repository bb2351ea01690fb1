import { cleanSingleLine, OTP_RESEND_MS, type SigningPageData } from '@esign/shared';
import { useCallback, useReducer } from 'react';
import { requestOneTimeCode, submitSignature } from '../../api/signingRequests';
import { useI18n } from '../../i18n/I18nProvider';
import { resendDeadline } from '../../signing/countdown';
import {
  type SigningDialogAction,
  type SigningDialogState,
  canResend,
  canSendCode,
  canValidate,
  initialSigningDialog,
  signingDialogReducer,
} from '../../signing/signingDialog';
import { type FailureReaction, reactToSendFailure, reactToSignFailure } from '../../signing/signingErrors';
import { useToasts } from '../toasts/ToastProvider';

export interface OpenSigningLink {
  signatureId: string;
  key: string;
}

export interface SigningFlow {
  state: SigningDialogState;
  dispatch: (action: SigningDialogAction) => void;
  sendCode: () => Promise<void>;
  validate: () => Promise<void>;
}

interface SigningFlowOptions {
  link: OpenSigningLink;
  request: SigningPageData;
  /** Reloads the page data (the request moved on, or the signature is done). */
  refresh: () => Promise<unknown>;
  /** The request moved on under the dialog: it closes. */
  onMovedOn: () => void;
}

/** The signing dialog's state and its two calls: send a code, validate it and sign. */
export function useSigningFlow({ link, request, refresh, onMovedOn }: SigningFlowOptions): SigningFlow {
  const { messages } = useI18n();
  const { notify } = useToasts();
  const [state, dispatch] = useReducer(signingDialogReducer, request.nextOtpAllowedAt, (nextOtpAllowedAt) =>
    initialSigningDialog(resendDeadline(nextOtpAllowedAt, Date.now())),
  );
  const mobile = request.signatory.signatoryMobile;

  const fail = useCallback(
    (reaction: FailureReaction) => {
      dispatch({ type: 'failed', reaction });
      notify(reaction.toast.tone, messages.signing.errors[reaction.toast.message]);
      if (reaction.refresh) {
        onMovedOn();
        void refresh();
      }
    },
    [messages, notify, onMovedOn, refresh],
  );

  const sendCode = useCallback(async () => {
    const allowed = state.step === 'OTP' ? canResend(state, Date.now()) : canSendCode(state, mobile);
    if (!allowed) return;
    dispatch({ type: 'sendStarted' });
    const outcome = await requestOneTimeCode(link.signatureId, link.key);
    const now = Date.now();
    if (!outcome.ok) {
      fail(reactToSendFailure(outcome.failure, now));
      return;
    }
    dispatch({
      type: 'codeSent',
      resendAt: resendDeadline(outcome.value.nextOtpAllowedAt, now) ?? now + OTP_RESEND_MS,
    });
    notify('info', messages.signing.toasts.codeSent);
  }, [state, mobile, link, fail, notify, messages]);

  const validate = useCallback(async () => {
    if (!canValidate(state)) return;
    dispatch({ type: 'validateStarted' });
    const outcome = await submitSignature(link.signatureId, link.key, {
      code: state.code,
      location: cleanSingleLine(state.location),
      phoneNumber: mobile,
      consents: state.consents,
    });
    if (!outcome.ok) {
      fail(reactToSignFailure(outcome.failure));
      return;
    }
    dispatch({ type: 'signed' });
    notify('success', messages.signing.toasts.signatureValidated);
    void refresh();
  }, [state, mobile, link, fail, notify, messages, refresh]);

  return { state, dispatch, sendCode, validate };
}
