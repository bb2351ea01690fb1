import { useState } from 'react';
import { type FieldErrors } from './validation';

/** Text fields with their error keys; typing in a field clears that field's error. */
export function useFormFields<Field extends string>(initial: Record<Field, string>) {
  const [values, setValues] = useState<Record<Field, string>>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const change = (field: Field) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };
  return { values, setValues, errors, setErrors, change };
}
