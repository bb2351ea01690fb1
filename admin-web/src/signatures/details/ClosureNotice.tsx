import { type SignatureRequestView } from '@esign/shared';
import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDateTimeFormat } from '../useDateFormat';

/**
 * A request that closed without being signed: who declined, when and with which reason (the member is the
 * one the reason is addressed to), or that its expiry date passed; and what to do next.
 */
export function ClosureNotice({ request }: { request: SignatureRequestView }) {
  const translate = useTranslate();
  const format = useDateTimeFormat();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.signature_details.${key}`, options);
  if (request.status === 'DECLINED' && request.decline) {
    return (
      <Alert severity="error" component="section" aria-labelledby="decline-title">
        <AlertTitle id="decline-title">{t('decline_title')}</AlertTitle>
        <Typography variant="body2">
          {t('decline_by', { name: request.decline.signatoryName, date: format(request.decline.declinedAt) })}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
          {t('decline_reason')}
        </Typography>
        <Box
          component="blockquote"
          sx={{ m: 0, mt: 0.5, pl: 1.5, borderLeft: 3, borderColor: 'error.main', whiteSpace: 'pre-line' }}
        >
          {request.decline.reason}
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('decline_hint')}
        </Typography>
      </Alert>
    );
  }
  if (request.status === 'EXPIRED') {
    return (
      <Alert severity="warning" component="section">
        {t('expired_hint')}
      </Alert>
    );
  }
  return null;
}
