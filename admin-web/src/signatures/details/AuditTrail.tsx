import { isRecordedAuditEvent, type AuditEventView } from '@esign/shared';
import GppBadIcon from '@mui/icons-material/GppBad';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDateTimeFormat } from '../useDateFormat';

function ChainBadge({ valid }: { valid: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      color={valid ? 'success' : 'error'}
      icon={valid ? <VerifiedUserIcon /> : <GppBadIcon />}
      label={translate(`app.signature_details.${valid ? 'audit_chain_valid' : 'audit_chain_broken'}`)}
    />
  );
}

/** What an event carries worth reading: the hash delivered or displayed, a reason, a new date. */
function useEventDetail(): (event: AuditEventView) => string | null {
  const translate = useTranslate();
  const format = useDateTimeFormat();
  return (event) => {
    // An event of a newer version, or a row whose details are not what its event records: its name only.
    if (!isRecordedAuditEvent(event)) return null;
    const t = (key: string, options?: Record<string, unknown>) =>
      translate(`app.signature_details.${key}`, options);
    switch (event.event) {
      case 'DELIVER_DOCUMENT': {
        const { complete, documentSha256 = '', bytes } = event.details;
        return complete === true
          ? t('event_delivery', { hash: documentSha256, bytes: Number(bytes) })
          : t('event_delivery_interrupted', { hash: documentSha256 });
      }
      case 'VIEW_DOCUMENT':
        return t('event_view', {
          hash: event.details.documentSha256 ?? '',
          smart_count: Number(event.details.pageCount),
        });
      case 'DECLINE':
        return t('event_decline', { reason: event.details.reason ?? '' });
      case 'EXTEND':
        return t('event_extend', { date: format(event.details.expiresAt ?? '') });
      case 'ASSIGN':
        return t('event_assign', { name: event.details.assigneeName ?? '' });
      case 'QUALIFIED_AUTHORISATION':
        return t('event_qualified_authorisation', {
          provider: event.details.provider ?? '',
          transaction: event.details.transactionId ?? '',
        });
      case 'QUALIFIED_FAILED':
        return t('event_qualified_failed', {
          reason: t(`qualified_failure.${event.details.reason ?? ''}`),
          transaction: event.details.transactionId ?? '',
        });
      case 'CREATE':
      case 'UPDATE':
      case 'CANCEL':
      case 'LIST':
      case 'VIEW':
      case 'VIEW_DETAILS':
      case 'REQUEST_OTP':
      case 'POST_OTP':
      case 'INVALID_OTP':
      case 'SEND_REMINDER':
      case 'SIGN_DOCUMENT':
      case 'SEAL':
      case 'EXPIRE':
        return null;
    }
  };
}

function AuditEntry({ event, last }: { event: AuditEventView; last: boolean }) {
  const detailOf = useEventDetail();
  const detail = detailOf(event);
  const translate = useTranslate();
  const format = useDateTimeFormat('precise');
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.signature_details.${key}`, options);
  return (
    <Box component="li" sx={{ display: 'flex', gap: 2, listStyle: 'none' }}>
      <Box aria-hidden sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.75 }}>
        <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }} />
        {!last && <Box sx={{ width: 2, flexGrow: 1, bgcolor: 'divider', mt: 0.5 }} />}
      </Box>
      <Box sx={{ pb: last ? 0 : 2, minWidth: 0 }}>
        <Typography variant="subtitle2" component="h3">
          {t(`audit_event.${event.event}`, { _: event.event })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={event.createdAt}>{format(event.createdAt)}</time>
          {' · '}
          {/* The platform acts under the name "system" in the evidence; people read who that is. */}
          {event.actorType === 'SYSTEM'
            ? t('actor_platform')
            : `${t('actor', { name: event.actorName })} (${t(`actor_type.${event.actorType}`)})`}
        </Typography>
        {detail && (
          <Typography variant="body2" component="p" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {detail}
          </Typography>
        )}
        {event.ip && (
          <Typography variant="caption" component="p">
            {t('ip', { ip: event.ip })}
          </Typography>
        )}
        {event.userAgent && (
          <Typography variant="caption" component="p" sx={{ overflowWrap: 'anywhere' }}>
            {t('user_agent', { agent: event.userAgent })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** The hash-chained audit trail, oldest first, as a timeline. */
export function AuditTrail({ events, chainValid }: { events: AuditEventView[]; chainValid: boolean }) {
  const translate = useTranslate();
  const sorted = [...events].sort((a, b) => a.seq - b.seq);
  return (
    <Card component="section" aria-labelledby="audit-trail-title">
      <CardContent>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Typography id="audit-trail-title" variant="h6" component="h2">
            {translate('app.signature_details.audit_trail')}
          </Typography>
          <ChainBadge valid={chainValid} />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(
            `app.signature_details.${chainValid ? 'audit_chain_valid_hint' : 'audit_chain_broken_hint'}`,
          )}
        </Typography>
        {sorted.length === 0 ? (
          <Typography>{translate('app.signature_details.audit_empty')}</Typography>
        ) : (
          <Box component="ol" sx={{ p: 0, m: 0 }}>
            {sorted.map((event, index) => (
              <AuditEntry key={event.seq} event={event} last={index === sorted.length - 1} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
