import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useMutation } from '@tanstack/react-query';
import { Title, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { type Locale, isBillingMonth } from '@esign/shared';
import { type AppDataProvider } from '../providers/dataProvider';
import { asLocale } from '../providers/locale';
import { currentBillingMonth, formatMonth } from '../common/formatting';
import { MemberStatementsTable } from './MemberStatementsTable';
import { StatementTable } from './StatementTable';
import { useApiResource } from '../common/useApiResource';
import { PageLoading } from '../common/PageLoading';
import { MUTATION_OPTIONS } from '../common/mutations';

/** The current Luxembourg month and the eleven before it, newest first. */
function recentMonths(count = 12): string[] {
  const [year, month] = currentBillingMonth().split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, back) => {
    const date = new Date(Date.UTC(year, month - 1 - back, 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  // The click starts the download synchronously; the address can go once the event is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `statement-2025-05.pdf`, or with the member's name in letters and digits for an administrator's copy. */
function pdfName(month: string, memberName?: string): string {
  const member = memberName?.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');
  return member ? `statement-${month}-${member}.pdf` : `statement-${month}.pdf`;
}

/**
 * `/billing`: a month's costs (a member's own; every member's for an administrator), its CSV, and each
 * member's statement as a PDF: a member downloads their own, an administrator any member's from its row.
 */
export function CostsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [rawLocale] = useLocaleState();
  const locale = asLocale(rawLocale);
  const dataProvider = useDataProvider<AppDataProvider>();
  const [params, setParams] = useSearchParams();
  const months = recentMonths();
  const asked = params.get('month') ?? '';
  const month = isBillingMonth(asked) ? asked : currentBillingMonth();
  const { state } = useApiResource(
    () => dataProvider.getBillingStatement(month),
    ['billing-statement', month],
  );
  const downloadFailed = () => notify('app.billing.download_failed', { type: 'error' });
  const csv = useMutation({
    ...MUTATION_OPTIONS,
    mutationFn: (asked: { month: string; locale: Locale }) =>
      dataProvider
        .getBillingCsv(asked.month, asked.locale)
        .then((blob) => saveFile(blob, `statement-${asked.month}.csv`)),
    onError: downloadFailed,
  });
  const pdf = useMutation({
    ...MUTATION_OPTIONS,
    mutationFn: (asked: { month: string; memberId?: string; memberName?: string }) =>
      dataProvider
        .getBillingPdf(asked.month, asked.memberId)
        .then((blob) => saveFile(blob, pdfName(asked.month, asked.memberName))),
    onError: downloadFailed,
  });
  // Whose PDF is on its way: a member id on the administrator's rows, `own` for a member's button.
  const pdfFor = pdf.isPending ? (pdf.variables.memberId ?? 'own') : null;
  const downloadPdf = (memberId?: string, memberName?: string) => pdf.mutate({ month, memberId, memberName });
  const ownStatement = state.status === 'loaded' && state.value.memberId !== null;

  return (
    <Box sx={{ mt: 2, maxWidth: 1500 }}>
      <Title title="app.billing.costs_title" />
      <Card>
        <CardContent>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ mb: 2, alignItems: { sm: 'center' } }}
          >
            <TextField
              select
              size="small"
              label={translate('app.billing.month')}
              value={month}
              onChange={(event) => setParams({ month: event.target.value })}
              sx={{ minWidth: 220, flex: { sm: '0 1 320px' } }}
            >
              {[...new Set([month, ...months])].map((value) => (
                <MenuItem key={value} value={value}>
                  {formatMonth(value, locale)}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() => csv.mutate({ month, locale })}
              disabled={csv.isPending}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {translate('app.billing.download_csv')}
            </Button>
            {ownStatement && (
              <Button
                variant="outlined"
                startIcon={<PictureAsPdfIcon />}
                onClick={() => downloadPdf()}
                disabled={pdfFor !== null}
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                {translate('app.billing.download_pdf')}
              </Button>
            )}
          </Stack>
          {state.status === 'loading' && <PageLoading />}
          {state.status === 'failed' && <Alert severity="error">{translate('app.billing.load_error')}</Alert>}
          {state.status === 'loaded' && <StatementTable statement={state.value} locale={locale} />}
          {state.status === 'loaded' && state.value.memberId === null && (
            <MemberStatementsTable
              statement={state.value}
              locale={locale}
              downloading={pdfFor}
              onDownload={(memberId, memberName) => downloadPdf(memberId, memberName)}
            />
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {translate('app.billing.vat_note')}
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
