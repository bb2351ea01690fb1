import { LOCALES, pageLanguage } from '@esign/shared';
import { TextField } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { LOCALE_NAMES } from '../i18n';

/** A native select: it works with every screen reader and on phones without extra code. */
export function LanguageSelect() {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  return (
    <TextField
      id="language"
      select
      size="small"
      label={translate('app.language')}
      value={locale}
      onChange={(event) => setLocale(event.target.value)}
      slotProps={{ select: { native: true } }}
      sx={{ minWidth: 140 }}
    >
      {LOCALES.map((option) => (
        <option key={option} value={option} lang={pageLanguage(option)}>
          {LOCALE_NAMES[option]}
        </option>
      ))}
    </TextField>
  );
}
