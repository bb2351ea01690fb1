import { LOCATION_MAX_LENGTH, type SigningPageData } from '@esign/shared';
import { useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { canSendCode, isLocationValid } from '../../signing/signingDialog';
import { ConsentFields } from './ConsentFields';
import { type SigningFlow } from './useSigningFlow';

interface InfoStepProps {
  flow: SigningFlow;
  request: SigningPageData;
}

/** INFO: the read-only mobile, the place of signing and the four consents; then a code is sent. */
export function InfoStep({ flow, request }: InfoStepProps) {
  const { messages } = useI18n();
  const texts = messages.signing.info;
  const { state, dispatch } = flow;
  const [locationTouched, setLocationTouched] = useState(false);
  const mobile = request.signatory.signatoryMobile;
  const showLocationError = state.locationError || (locationTouched && !isLocationValid(state.location));
  const busy = state.pending !== null;
  return (
    <form
      className="signing-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void flow.sendCode();
      }}
    >
      <p>{texts.intro}</p>
      <div className="field">
        <label htmlFor="signing-mobile">{texts.mobile}</label>
        <input
          id="signing-mobile"
          type="tel"
          value={mobile}
          readOnly
          aria-describedby="signing-mobile-hint"
          className="input input--readonly"
        />
        <p id="signing-mobile-hint" className="field__hint">
          {texts.mobileHint}
        </p>
      </div>
      <div className="field">
        <label htmlFor="signing-location">
          {texts.location} <span className="muted">({texts.required})</span>
        </label>
        <input
          id="signing-location"
          className="input"
          value={state.location}
          maxLength={LOCATION_MAX_LENGTH}
          autoComplete="address-level2"
          required
          disabled={busy}
          aria-invalid={showLocationError}
          aria-describedby={
            showLocationError ? 'signing-location-hint signing-location-error' : 'signing-location-hint'
          }
          onChange={(event) => dispatch({ type: 'locationChanged', value: event.target.value })}
          onBlur={() => setLocationTouched(true)}
        />
        <p id="signing-location-hint" className="field__hint">
          {texts.locationHint}
        </p>
        {showLocationError && (
          <p id="signing-location-error" className="field__error">
            {texts.locationTooShort}
          </p>
        )}
      </div>
      <ConsentFields
        consents={state.consents}
        onChange={(consent, checked) => dispatch({ type: 'consentChanged', consent, checked })}
        mobile={mobile}
        documentTitle={request.signatureTitle}
        signingMode={request.signingMode}
        disabled={busy}
      />
      <div className="signing-form__actions">
        <button type="submit" className="button" disabled={!canSendCode(state, mobile)} aria-busy={busy}>
          {state.pending === 'sendCode' ? texts.sending : texts.sendCode}
        </button>
      </div>
    </form>
  );
}
