import { DECLINE_REASON_MAX, DECLINE_REASON_MIN, type SigningPageData, cleanMultiLine } from '@esign/shared';
import { useState } from 'react';
import { declineSignature } from '../../api/signingRequests';
import { interpolate } from '../../i18n/format';
import { useI18n } from '../../i18n/I18nProvider';
import { reactToSignFailure } from '../../signing/signingErrors';
import { Modal } from '../Modal';
import { useToasts } from '../toasts/ToastProvider';
import { type OpenSigningLink } from './useSigningFlow';

interface DeclineDialogProps {
  open: boolean;
  onClose: () => void;
  link: OpenSigningLink;
  request: SigningPageData;
  /** The refusal is on record (at the instant given): the page says that the signatory declined. */
  onDeclined: (declinedAt: string) => void;
  /** The refusal was not taken because the request moved on (declined, expired, cancelled): reload it. */
  onMovedOn: () => void;
}

/** Declining to sign, with a reason the sender receives (3 to 500 characters). */
export function DeclineDialog({ open, onClose, link, request, onDeclined, onMovedOn }: DeclineDialogProps) {
  const { messages, locale } = useI18n();
  const { notify } = useToasts();
  const texts = messages.signing.decline;
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const cleaned = cleanMultiLine(reason);
  const tooShort = cleaned.length < DECLINE_REASON_MIN;
  const showError = touched && tooShort;

  const submit = async () => {
    setTouched(true);
    if (tooShort || sending) return;
    setSending(true);
    const outcome = await declineSignature(link.signatureId, link.key, { reason: cleaned, language: locale });
    setSending(false);
    if (outcome.ok) {
      notify('success', texts.done);
      onClose();
      onDeclined(outcome.value.declinedAt);
      return;
    }
    const reaction = reactToSignFailure(outcome.failure);
    notify(
      'danger',
      reaction.refresh && reaction.toast ? messages.signing.errors[reaction.toast.message] : texts.failed,
    );
    if (reaction.refresh) {
      onClose();
      onMovedOn();
    }
  };

  return (
    <Modal open={open} onClose={onClose} titleId="decline-dialog-title" dismissible={!sending}>
      <div className="modal__header">
        <h2 id="decline-dialog-title">{texts.title}</h2>
        <button
          type="button"
          className="icon-button"
          aria-label={messages.signing.dialog.close}
          disabled={sending}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="modal__body">
        <form
          className="signing-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p>{interpolate(texts.intro, { title: request.signatureTitle, sender: request.senderName })}</p>
          <div className="field">
            <label htmlFor="decline-reason">{texts.reason}</label>
            <textarea
              id="decline-reason"
              data-autofocus
              className="input input--textarea"
              rows={4}
              value={reason}
              maxLength={DECLINE_REASON_MAX}
              required
              aria-invalid={showError}
              aria-describedby={
                showError ? 'decline-reason-hint decline-reason-error' : 'decline-reason-hint'
              }
              disabled={sending}
              onChange={(event) => setReason(event.target.value)}
              onBlur={() => setTouched(true)}
            />
            <p id="decline-reason-hint" className="field__hint">
              {texts.reasonHint} {interpolate(texts.count, { count: cleaned.length })}
            </p>
            {showError && (
              <p id="decline-reason-error" className="field__error">
                {texts.tooShort}
              </p>
            )}
          </div>
          <div className="signing-form__actions">
            <button type="button" className="button button--link" disabled={sending} onClick={onClose}>
              {texts.back}
            </button>
            <button type="submit" className="button button--danger" aria-busy={sending} disabled={sending}>
              {sending ? texts.sending : texts.confirm}
            </button>
          </div>
        </form>
      </div>
    </Modal>
  );
}
