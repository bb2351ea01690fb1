import { cleanSingleLine, OTP_RESEND_MS, type SigningPageData } from '@esign/shared';
import { useCallback, useEffect, useReducer, useState } from 'react';
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
import { providerAddress, rememberLinkForProvider } from '../../signing/qualifiedReturn';
import { restoreDialog, saveDialog, savedDialogKey, sessionStore } from '../../signing/savedDialog';
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
  /** The dialog was at the code step when the page was reloaded: it opens there again. */
  resumed: boolean;
}

interface SigningFlowOptions {
  link: OpenSigningLink;
  request: SigningPageData;
  /** Reloads the page data (the request moved on, or the signature is done). */
  refresh: () => Promise<unknown>;
  /** The request moved on under the dialog: it closes. */
  onMovedOn: () => void;
  /** The link has not received the document as it now stands: it is loaded again. */
  onDocumentStale: () => void;
  /** Makes sure the server recorded that the document was displayed; false if it could not be told. */
  ensureViewRecorded: () => Promise<boolean>;
}

/** The signing dialog's state and its two calls: send a code, validate it and sign. */
export function useSigningFlow({
  link,
  request,
  refresh,
  onMovedOn,
  onDocumentStale,
  ensureViewRecorded,
}: SigningFlowOptions): SigningFlow {
  const { messages, locale } = useI18n();
  const { notify } = useToasts();
  const mobile = request.signatory.signatoryMobile;
  const savedKey = savedDialogKey(link.signatureId, mobile);
  const [state, dispatch] = useReducer(signingDialogReducer, request.nextOtpAllowedAt, (nextOtpAllowedAt) => {
    const now = Date.now();
    const initial = initialSigningDialog(resendDeadline(nextOtpAllowedAt, now));
    // Only while it is this signatory's turn: a request that moved on starts afresh.
    const canSign =
      request.status === 'IN_PROGRESS' &&
      request.signatory.isTurn &&
      request.signatory.signatorySigningStatus !== 'SIGNED';
    return (canSign && restoreDialog(sessionStore(), savedKey, initial, now)) || initial;
  });
  const [resumed] = useState(() => state.step === 'OTP');
  useEffect(() => saveDialog(sessionStore(), savedKey, state, Date.now()), [savedKey, state]);

  const fail = useCallback(
    (reaction: FailureReaction) => {
      dispatch({ type: 'failed', reaction });
      if (reaction.toast) notify(reaction.toast.tone, messages.signing.errors[reaction.toast.message]);
      if (reaction.refresh) {
        onMovedOn();
        void refresh();
      }
      if (reaction.reloadDocument) {
        onMovedOn();
        onDocumentStale();
      }
    },
    [messages, notify, onMovedOn, refresh, onDocumentStale],
  );

  const sendCode = useCallback(async () => {
    const allowed = state.step === 'OTP' ? canResend(state, Date.now()) : canSendCode(state, mobile);
    if (!allowed) return;
    dispatch({ type: 'sendStarted' });
    // The display is evidence: it is on record before any code is sent.
    if (!(await ensureViewRecorded())) {
      fail({ toast: { tone: 'danger', message: 'network' } });
      return;
    }
    // The SMS comes in the language the page is shown in.
    const outcome = await requestOneTimeCode(link.signatureId, link.key, locale);
    const now = Date.now();
    if (!outcome.ok) {
      fail(reactToSendFailure(outcome.failure, now));
      return;
    }
    dispatch({
      type: 'codeSent',
      resendAt: resendDeadline(outcome.value.nextOtpAllowedAt, now) ?? now + OTP_RESEND_MS,
    });
  }, [state, mobile, link, fail, locale, ensureViewRecorded]);

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
    const provider = outcome.value.qualifiedAuthorisationUrl;
    if (provider !== undefined) {
      // QUALIFIED: the signature is made at the signatory's provider; this tab keeps the link for the way back.
      const address = providerAddress(provider);
      if (!address) {
        fail({ toast: { tone: 'danger', message: 'network' } });
        return;
      }
      rememberLinkForProvider(window.sessionStorage, link.signatureId, link.key);
      dispatch({ type: 'redirecting' });
      window.location.assign(address);
      return;
    }
    // The page behind shows the signed result before the dialog can be closed: closing it then gives
    // focus to that result, not to a Sign button about to go away.
    await refresh();
    dispatch({ type: 'signed' });
    notify('success', messages.signing.toasts.signatureValidated);
  }, [state, mobile, link, fail, notify, messages, refresh]);

  return { state, dispatch, sendCode, validate, resumed };
}
