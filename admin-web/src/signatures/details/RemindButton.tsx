import { ErrorCode, type SignatureRequestView } from '@esign/shared';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { Box, Button, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { type AppDataProvider } from '../../providers/dataProvider';
import { errorMessageKey, retryAfterMs } from '../../common/apiErrors';
import { MUTATION_OPTIONS } from '../../common/mutations';
import { useDateTimeFormat } from '../useDateFormat';
import { availabilityAfter, formatCountdown } from './countdown';
import { useRemainingMs } from './useRemainingMs';

interface RemindButtonProps {
  request: Pick<SignatureRequestView, 'id' | 'nextReminderAvailability'>;
  onAvailabilityChange: (nextReminderAvailability: string) => void;
  onReminded: () => void;
}

/** Reminds the signatories; waits, with a visible countdown, until the server allows the next one. */
export function RemindButton({ request, onAvailabilityChange, onReminded }: RemindButtonProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const formatTime = useDateTimeFormat('time');
  const dataProvider = useDataProvider<AppDataProvider>();
  const remaining = useRemainingMs(request.nextReminderAvailability);
  const { mutate, isPending: sending } = useMutation({
    ...MUTATION_OPTIONS,
    mutationFn: (id: string) => dataProvider.remindSignatories(id),
    onSuccess: (response) => {
      onAvailabilityChange(response.nextReminderAvailability);
      notify('app.signatures.notifications.reminder_sent', { type: 'success' });
      onReminded();
    },
    onError: (error) => {
      // Too early: the countdown runs to the moment the server named.
      const wait = retryAfterMs(error);
      if (wait !== undefined) onAvailabilityChange(availabilityAfter(wait));
      notify(
        errorMessageKey(error, 'app.signatures.notifications.reminder_failed', [
          ErrorCode.REMINDER_TOO_EARLY,
        ]),
        { type: 'error' },
      );
    },
  });
  const waiting = remaining > 0;

  return (
    <Box>
      <Button
        variant="contained"
        startIcon={<NotificationsActiveIcon />}
        disabled={waiting || sending}
        onClick={() => mutate(request.id)}
        sx={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {waiting
          ? translate('app.signature_actions.remind_wait', { time: formatCountdown(remaining) })
          : translate('app.signature_actions.remind')}
      </Button>
      {waiting && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {translate('app.signature_actions.remind_next', {
            time: formatTime(request.nextReminderAvailability),
          })}
        </Typography>
      )}
    </Box>
  );
}
