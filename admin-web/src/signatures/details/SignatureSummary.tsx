import { type RiskLevel, type RiskResult, type SignatureRequestView } from '@esign/shared';
import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LOCALE_NAMES } from '../../i18n';
import { SignatureStatusChip } from '../SignatureStatusChip';
import { useDateTimeFormat } from '../useDateFormat';
import { type DetailItem, DetailList } from './DetailList';

function useDateItems(request: SignatureRequestView): DetailItem[] {
  const translate = useTranslate();
  const format = useDateTimeFormat();
  const dates: [string, string | null][] = [
    ['created_at', request.createdAt],
    ['sent_at', request.sentAt],
    ['completed_at', request.completedAt],
    ['sealed_at', request.sealedAt],
    ['cancelled_at', request.cancelledAt],
    ['declined_at', request.decline?.declinedAt ?? null],
    ['expires_at', request.expiresAt],
    ['expired_at', request.expiredAt],
  ];
  return dates
    .filter(([, value]) => value !== null)
    .map(([key, value]) => ({ label: translate(`app.signature_details.${key}`), value: format(value) }));
}

const RISK_COLOURS: Record<RiskLevel, 'success' | 'warning' | 'error'> = {
  low: 'success',
  medium: 'warning',
  high: 'error',
  refused: 'error',
};

/** An AML form's result as printed on it: the level, the score, enhanced due diligence and the drivers. */
function AmlRisk({ risk }: { risk: RiskResult }) {
  const translate = useTranslate();
  const level = translate(`app.signature_details.aml_risk_level.${risk.level}`);
  return (
    <Box>
      <Chip
        size="small"
        color={RISK_COLOURS[risk.level]}
        label={translate('app.signature_details.aml_risk_value', { level, score: risk.score })}
      />
      {risk.enhancedDueDiligence ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {translate('app.signature_details.aml_risk_edd')}
        </Typography>
      ) : null}
      {risk.drivers.length > 0 ? (
        <>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {translate('app.signature_details.aml_risk_drivers')}
          </Typography>
          <Box component="ul" lang="fr" sx={{ m: 0, pl: 2.5 }}>
            {risk.drivers.map((driver) => (
              <li key={driver.reason}>{driver.reason}</li>
            ))}
          </Box>
        </>
      ) : null}
    </Box>
  );
}

/** The request's title, state, document, options and dates. */
export function SignatureSummary({ request }: { request: SignatureRequestView }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.signature_details.${key}`, options);
  const documentType = translate(`app.signatures.document_type.${request.documentType}`);
  const items: DetailItem[] = [
    { label: t('status'), value: <SignatureStatusChip status={request.status} /> },
    {
      label: t('document'),
      value: t('document_value', { name: request.documentName, smart_count: request.pageCount }),
    },
    { label: t('document_type'), value: documentType },
    ...(request.amlRisk ? [{ label: t('aml_risk'), value: <AmlRisk risk={request.amlRisk} /> }] : []),
    { label: t('signing_mode'), value: translate(`app.signatures.signing_mode.${request.signingMode}`) },
    { label: t('signing_flow'), value: translate(`app.signatures.signing_flow.${request.signingFlow}`) },
    {
      label: t('signature_size'),
      value: translate(`app.signatures.signature_size.${request.signatureSize}`),
    },
    {
      label: t('seal'),
      value: t('seal_value', {
        page: request.sealPage,
        size: translate(`app.signatures.signature_size.${request.sealSize}`),
      }),
    },
    { label: t('language'), value: LOCALE_NAMES[request.language] },
    ...useDateItems(request),
  ];
  return (
    <Card component="section" aria-labelledby="signature-summary-title">
      <CardContent>
        <Typography id="signature-summary-title" variant="h6" component="h2" gutterBottom>
          {request.signatureTitle}
        </Typography>
        <DetailList items={items} />
      </CardContent>
    </Card>
  );
}
