import { type PriceListInput } from '@esign/shared';
import { Button, Grid, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { type AppDataProvider } from '../providers/dataProvider';
import { serverFieldErrors } from '../common/apiErrors';
import { eurosToCents, todayInLuxembourg } from '../common/formatting';
import { MUTATION_OPTIONS } from '../common/mutations';

type Amount = 'simple' | 'advanced' | 'qualified' | 'sms' | 'fee';
type Field = Amount | 'effective_from' | 'vat_rate';
type Values = Record<Field, string>;

const SERVER_FIELDS: Record<string, Field> = {
  effectiveFrom: 'effective_from',
  simpleRequestCents: 'simple',
  advancedRequestCents: 'advanced',
  qualifiedRequestCents: 'qualified',
  smsCents: 'sms',
  memberMonthlyFeeCents: 'fee',
  vatRatePercent: 'vat_rate',
};

function parseRate(text: string): number | null {
  const normalised = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(normalised)) return null;
  const rate = Number(normalised);
  return rate <= 100 ? rate : null;
}

/** The typed values as the API wants them, or the translation key of each field in error. */
function toInput(values: Values): { input?: PriceListInput; errors: Partial<Record<Field, string>> } {
  const errors: Partial<Record<Field, string>> = {};
  const cents = (field: Amount) => {
    const value = eurosToCents(values[field]);
    if (value === null) errors[field] = 'app.billing.invalid_amount';
    return value ?? 0;
  };
  const input: PriceListInput = {
    effectiveFrom: values.effective_from,
    simpleRequestCents: cents('simple'),
    advancedRequestCents: cents('advanced'),
    // Left empty, a qualified request costs what an advanced one does: a platform without a qualified
    // provider need not price what it cannot offer.
    qualifiedRequestCents: values.qualified.trim() === '' ? cents('advanced') : cents('qualified'),
    smsCents: cents('sms'),
    memberMonthlyFeeCents: values.fee.trim() === '' ? null : cents('fee'),
    vatRatePercent: parseRate(values.vat_rate) ?? 0,
  };
  if (parseRate(values.vat_rate) === null) errors.vat_rate = 'app.billing.invalid_rate';
  if (values.effective_from < todayInLuxembourg()) errors.effective_from = 'validation.notBeforeToday';
  return Object.keys(errors).length > 0 ? { errors } : { input, errors };
}

/** A new price list, from today (Luxembourg) or a later day; the server checks the same rules again. */
export function PriceListForm({ onCreated }: { onCreated: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const today = todayInLuxembourg();
  const empty: Values = {
    effective_from: today,
    simple: '',
    advanced: '',
    qualified: '',
    sms: '',
    fee: '',
    vat_rate: '17',
  };
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { mutate, isPending: saving } = useMutation({
    ...MUTATION_OPTIONS,
    mutationFn: (input: PriceListInput) => dataProvider.addPriceList(input),
    onSuccess: () => {
      notify('app.billing.created', { type: 'success' });
      setValues(empty);
      onCreated();
    },
    onError: (error) => {
      const fields = Object.entries(serverFieldErrors(error));
      setErrors(Object.fromEntries(fields.map(([field, key]) => [SERVER_FIELDS[field] ?? field, key])));
      if (fields.length === 0) notify('ra.notification.http_error', { type: 'error' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { input, errors: found } = toInput(values);
    setErrors(found);
    if (input) mutate(input);
  };

  const field = (name: Field, extra: { type?: string; min?: string; required?: boolean } = {}) => (
    <TextField
      fullWidth
      size="small"
      name={name}
      label={translate(`app.billing.fields.${name}`)}
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      error={Boolean(errors[name])}
      helperText={
        errors[name]
          ? translate(errors[name])
          : name === 'fee'
            ? translate('app.billing.fields.fee_hint')
            : name === 'qualified'
              ? translate('app.billing.fields.qualified_hint')
              : ' '
      }
      required={extra.required ?? (name !== 'fee' && name !== 'qualified')}
      type={extra.type ?? 'text'}
      slotProps={{ htmlInput: extra.min ? { min: extra.min } : { inputMode: 'decimal' } }}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>{field('effective_from', { type: 'date', min: today })}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{field('vat_rate')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{field('fee')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{field('simple')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{field('advanced')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{field('qualified')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{field('sms')}</Grid>
      </Grid>
      <Button type="submit" variant="contained" disabled={saving}>
        {translate('app.billing.save')}
      </Button>
    </form>
  );
}
