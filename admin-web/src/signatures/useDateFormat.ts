import { intlLocale } from '@esign/shared';
import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';
import { asLocale } from '../providers/locale';

export type DateFormatter = (iso: string | null | undefined) => string;

/** Dates and times in the interface language's conventions (Intl with the user's locale). */
type DateStyle = 'date' | 'dateTime' | 'time' | 'precise';

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  time: { timeStyle: 'short' },
  // Audit events: seconds matter when several happen in the same minute.
  precise: { dateStyle: 'medium', timeStyle: 'medium' },
};

export function useDateTimeFormat(style: DateStyle = 'dateTime'): DateFormatter {
  const [locale] = useLocaleState();
  return useMemo(() => {
    const options = STYLES[style];
    const format = new Intl.DateTimeFormat(intlLocale(asLocale(locale)), options);
    return (iso) => (iso ? format.format(new Date(iso)) : '—');
  }, [locale, style]);
}
