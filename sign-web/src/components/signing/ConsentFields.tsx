import { SIGNING_CONSENTS, type SigningConsent, type SigningMode } from '@esign/shared';
import { interpolate } from '../../i18n/format';
import { useI18n } from '../../i18n/I18nProvider';

interface ConsentFieldsProps {
  consents: Record<SigningConsent, boolean>;
  onChange: (consent: SigningConsent, checked: boolean) => void;
  mobile: string;
  documentTitle: string;
  signingMode: SigningMode;
  disabled: boolean;
}

/** Where the terms and privacy policy open: a page of this app, in the reader's language. */
const TERMS_URL = `${import.meta.env.BASE_URL}terms`;

/** The four consents of the identity step, all required, in the page's language. */
export function ConsentFields({
  consents,
  onChange,
  mobile,
  documentTitle,
  signingMode,
  disabled,
}: ConsentFieldsProps) {
  const { messages } = useI18n();
  const texts = messages.signing.consents;
  const labels: Record<SigningConsent, string> = {
    termsAndPrivacy: texts.termsAndPrivacy,
    phoneNumberOwnership: interpolate(texts.phoneNumberOwnership, { mobile }),
    documentConsent: interpolate(texts.documentConsent, { title: documentTitle }),
    legalParagraph: texts.legalParagraph,
  };
  return (
    <fieldset className="consents">
      <legend>
        {messages.signing.info.consents} <span className="muted">({messages.signing.info.required})</span>
      </legend>
      {SIGNING_CONSENTS.map((consent) => (
        <div key={consent} className="consent">
          <input
            type="checkbox"
            id={`consent-${consent}`}
            checked={consents[consent]}
            disabled={disabled}
            required
            onChange={(event) => onChange(consent, event.target.checked)}
          />
          <div className="consent__text">
            <label htmlFor={`consent-${consent}`}>{labels[consent]}</label>
            {consent === 'termsAndPrivacy' && (
              <a href={TERMS_URL} target="_blank" rel="noopener noreferrer" className="consent__link">
                {texts.readTerms}
              </a>
            )}
            {consent === 'legalParagraph' && signingMode === 'ADVANCED' && (
              <p className="consent__note">{texts.advancedNote}</p>
            )}
            {consent === 'legalParagraph' && signingMode === 'QUALIFIED' && (
              <p className="consent__note">{texts.qualifiedNote}</p>
            )}
          </div>
        </div>
      ))}
    </fieldset>
  );
}
