import { useEffect, useRef } from 'react';
import { interpolate } from '../../i18n/format';
import { useI18n } from '../../i18n/I18nProvider';
import { formatCountdown, remainingMs } from '../../signing/countdown';
import { canResend, canValidate } from '../../signing/signingDialog';
import { type CodeError } from '../../signing/signingErrors';
import { type SigningFlow } from './useSigningFlow';
import { useNow } from './useNow';

/** OTP: the 8-character code from the SMS, Resend after the wait, Validate at 8 characters. */
type OtpTexts = ReturnType<typeof useI18n>['messages']['signing']['otp'];

/** What is said under the code field about a refused code: what happened, and what is left to try. */
export function codeErrorText(error: CodeError | null, texts: OtpTexts): string | null {
  if (!error) return null;
  switch (error.kind) {
    case 'expired':
      return texts.expiredCode;
    case 'usedUp':
      return texts.usedUpCode;
    case 'invalid':
      if (error.attemptsLeft === null) return texts.invalidCode;
      return `${texts.invalidCode} ${interpolate(
        error.attemptsLeft === 1 ? texts.attemptLeft : texts.attemptsLeft,
        { count: error.attemptsLeft },
      )}`;
  }
}

export function OtpStep({
  flow,
  mobile,
  qualified = false,
}: {
  flow: SigningFlow;
  mobile: string;
  /** QUALIFIED: Validate leads to the signatory's provider, and says so. */
  qualified?: boolean;
}) {
  const { messages } = useI18n();
  const texts = messages.signing.otp;
  const { state, dispatch } = flow;
  const now = useNow(state.resendAt);
  const wait = remainingMs(state.resendAt, now);
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    codeInput.current?.focus();
  }, []);
  // A refused code: back to the field, selected, with the reason read out from its description.
  useEffect(() => {
    if (state.codeError) codeInput.current?.select();
  }, [state.codeError]);

  const errorText = codeErrorText(state.codeError, texts);
  // The field is read with where the code went: no toast, which on a phone would cover the buttons.
  const describedBy = ['signing-otp-intro', 'signing-code-hint', errorText ? 'signing-code-error' : null]
    .filter(Boolean)
    .join(' ');
  const busy = state.pending !== null;
  return (
    <form
      className="signing-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void flow.validate();
      }}
    >
      <p id="signing-otp-intro">{interpolate(texts.intro, { mobile })}</p>
      {qualified && <p className="field__hint">{texts.qualifiedIntro}</p>}
      {/* In the page from the first code on, so that the resent code's line is announced. */}
      <p className="field__status" role="status">
        {state.codesSent > 1 ? interpolate(texts.newCodeSent, { mobile }) : ''}
      </p>
      {state.locked && (
        <p className="callout callout--danger" role="alert">
          {texts.locked}
        </p>
      )}
      <div className="field">
        <label htmlFor="signing-code">{texts.code}</label>
        <input
          ref={codeInput}
          data-autofocus
          id="signing-code"
          className="input input--code"
          value={state.code}
          autoComplete="one-time-code"
          // Letters and digits (Crockford's base 32): the text keyboard, in capitals.
          inputMode="text"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          disabled={state.locked}
          readOnly={busy}
          aria-invalid={errorText !== null}
          aria-describedby={describedBy}
          onChange={(event) => dispatch({ type: 'codeChanged', value: event.target.value })}
        />
        <p id="signing-code-hint" className="field__hint">
          {texts.codeHint}
        </p>
        {errorText && (
          <p id="signing-code-error" className="field__error" role="alert">
            {errorText}
          </p>
        )}
      </div>
      {wait > 0 && !state.locked && (
        <p className="countdown" role="timer" aria-live="off">
          {interpolate(texts.resendWait, { time: formatCountdown(wait) })}
        </p>
      )}
      <div className="signing-form__actions">
        <button
          type="button"
          className="button button--link"
          disabled={busy}
          onClick={() => dispatch({ type: 'back' })}
        >
          {texts.back}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={!canResend(state, now)}
          onClick={() => void flow.sendCode()}
        >
          {wait > 0 ? `${texts.resend} (${formatCountdown(wait)})` : texts.resend}
        </button>
        <button
          type="submit"
          className="button"
          disabled={!canValidate(state)}
          aria-busy={state.pending === 'validate' || state.pending === 'redirect'}
        >
          {state.pending === 'redirect'
            ? texts.redirecting
            : state.pending === 'validate'
              ? texts.validating
              : qualified
                ? texts.validateQualified
                : texts.validate}
        </button>
      </div>
    </form>
  );
}
