import { TextField, type TextFieldProps } from '@mui/material';
import { useTranslate } from 'react-admin';

type FormTextFieldProps = Omit<TextFieldProps, 'label' | 'error' | 'helperText' | 'onChange' | 'id'> & {
  id: string;
  /** Translation key of the label. */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Translation key of the error, when there is one. */
  errorKey?: string;
  /** Translation key of a hint shown while there is no error. */
  hintKey?: string;
};

/** A labelled text field whose error is announced through aria-describedby. */
export function FormTextField({ id, label, errorKey, hintKey, onValueChange, ...rest }: FormTextFieldProps) {
  const translate = useTranslate();
  const help = errorKey ?? hintKey;
  return (
    <TextField
      id={id}
      name={id}
      label={translate(label)}
      error={errorKey !== undefined}
      helperText={help ? translate(help) : undefined}
      onChange={(event) => onValueChange(event.target.value)}
      fullWidth
      margin="normal"
      {...rest}
    />
  );
}
