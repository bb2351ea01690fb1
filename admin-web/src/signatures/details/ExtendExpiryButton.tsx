import { EXPIRY_DAYS_MAX, EXPIRY_DAYS_MIN, ErrorCode, type SignatureRequestView } from '@esign/shared';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { type AppDataProvider } from '../../providers/dataProvider';
import { errorMessageKey, serverFieldErrors } from '../../common/apiErrors';
import { MUTATION_OPTIONS } from '../../common/mutations';
import { useDateTimeFormat } from '../useDateFormat';

const DAY_MS = 86_400_000;

interface ExtendExpiryButtonProps {
  request: Pick<SignatureRequestView, 'id' | 'expiresAt'>;
  onExtended: (request: SignatureRequestView) => void;
}

/** Moves the expiry date later, by a number of days, after showing the date it leads to. */
export function ExtendExpiryButton({ request, onExtended }: ExtendExpiryButtonProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useDateTimeFormat();
  const dataProvider = useDataProvider<AppDataProvider>();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState('7');
  const [serverError, setServerError] = useState<string | null>(null);
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.signature_actions.${key}`, options);
  const count = Number(days);
  const valid = /^\d+$/.test(days) && count >= EXPIRY_DAYS_MIN && count <= EXPIRY_DAYS_MAX;
  const error = !valid ? translate('app.signature_wizard.options.expiry_invalid') : serverError;

  const { mutate, isPending: running } = useMutation({
    ...MUTATION_OPTIONS,
    mutationFn: (days: number) => dataProvider.extendSignature(request.id, days),
    onSuccess: (extended) => {
      onExtended(extended);
      notify('app.signatures.notifications.extended', { type: 'success' });
      setOpen(false);
    },
    onError: (failure) => {
      // A refused number of days is said beside the field, which stays open to correct it.
      const field = serverFieldErrors(failure).days;
      if (field) setServerError(translate(field, { _: field }));
      else {
        notify(
          errorMessageKey(failure, 'app.signatures.notifications.extend_failed', [
            ErrorCode.REQUEST_EXPIRED,
            ErrorCode.DOCUMENT_NOT_EDITABLE,
          ]),
          { type: 'error' },
        );
        setOpen(false);
      }
    },
  });

  return (
    <>
      <Button variant="outlined" startIcon={<EventRepeatIcon />} onClick={() => setOpen(true)}>
        {t('extend')}
      </Button>
      <Dialog open={open} onClose={() => !running && setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('extend_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('extend_intro', { date: format(request.expiresAt) })}
          </DialogContentText>
          <TextField
            autoFocus
            label={t('extend_days')}
            type="number"
            value={days}
            onChange={(event) => {
              setDays(event.target.value);
              setServerError(null);
            }}
            error={error !== null}
            helperText={
              error ??
              `${t('extend_days_hint')} ${t('extend_result', {
                date: format(new Date(Date.parse(request.expiresAt) + count * DAY_MS).toISOString()),
              })}`
            }
            slotProps={{ htmlInput: { min: EXPIRY_DAYS_MIN, max: EXPIRY_DAYS_MAX, inputMode: 'numeric' } }}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={running}>
            {t('extend_keep')}
          </Button>
          <Button
            variant="contained"
            onClick={() => {
              if (valid) mutate(count);
            }}
            disabled={!valid || running}
          >
            {t('extend_confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
