import { useCallback } from 'react';
import { useTranslate } from 'react-admin';

/** The message of a field error key; keys this version does not know still read as "invalid". */
export function useErrorText(): (key: string | undefined) => string | undefined {
  const translate = useTranslate();
  return useCallback(
    (key) =>
      key === undefined
        ? undefined
        : translate(key, { _: translate('app.signature_wizard.errors.invalid_field') }),
    [translate],
  );
}
