import { type SignatureRequestView } from '@esign/shared';
import { Card, CardContent, Typography } from '@mui/material';
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
  ];
  return dates
    .filter(([, value]) => value !== null)
    .map(([key, value]) => ({ label: translate(`app.signature_details.${key}`), value: format(value) }));
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
