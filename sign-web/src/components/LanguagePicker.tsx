import { LOCALES, isLocale, pageLanguage } from '@esign/shared';
import { LOCALE_NAMES } from '../i18n';
import { useI18n } from '../i18n/I18nProvider';

export function LanguagePicker() {
  const { selectedLocale, messages, setLocale } = useI18n();
  return (
    <div className="language-picker">
      <label htmlFor="language">{messages.app.language}</label>
      <select
        id="language"
        value={selectedLocale}
        onChange={(event) => {
          if (isLocale(event.target.value)) setLocale(event.target.value);
        }}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={pageLanguage(option)}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
