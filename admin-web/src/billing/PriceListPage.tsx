import { type Locale, type PriceListView, intlLocale } from '@esign/shared';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Title, useDataProvider, useLocaleState, useRequireAccess, useTranslate } from 'react-admin';
import { type AppDataProvider } from '../providers/dataProvider';
import { asLocale } from '../providers/locale';
import { DeletePriceListButton } from './DeletePriceListButton';
import { formatCount, formatEuros, todayInLuxembourg } from '../common/formatting';
import { PriceListForm } from './PriceListForm';
import { useApiResource } from '../common/useApiResource';
import { PageLoading } from '../common/PageLoading';

type ListStatus = 'in_force' | 'scheduled' | 'superseded';

/** Lists come latest first: the first one whose day has begun is in force, the earlier ones are replaced. */
function statuses(lists: PriceListView[], today: string): ListStatus[] {
  const current = lists.findIndex((list) => list.effectiveFrom <= today);
  return lists.map((_, index) =>
    index < current ? 'scheduled' : index === current ? 'in_force' : 'superseded',
  );
}

interface PriceListTableProps {
  lists: PriceListView[];
  locale: Locale;
  onChanged: () => void;
}

function PriceListTable({ lists, locale, onChanged }: PriceListTableProps) {
  const translate = useTranslate();
  const listStatuses = statuses(lists, todayInLuxembourg());
  const euros = (cents: number | null) =>
    cents === null ? translate('app.billing.no_fee') : formatEuros(cents / 100, locale);
  // The effective date is a calendar day, not a moment: formatted in UTC so no zone shifts it.
  const dates = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: 'UTC' });
  const day = (list: PriceListView) => dates.format(new Date(`${list.effectiveFrom}T00:00:00Z`));
  const headers = [
    'effective_from',
    'status',
    'simple',
    'advanced',
    'qualified',
    'sms',
    'fee',
    'vat_rate',
  ] as const;
  return (
    // Scrolls sideways within the card on a phone, its headings kept on one line, rather than squeezed.
    <Box sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label={translate('app.billing.prices_title')}
        sx={{ '& th': { whiteSpace: 'nowrap' }, '& td': { whiteSpace: 'nowrap' } }}
      >
        <TableHead>
          <TableRow>
            {headers.map((header) => (
              <TableCell key={header}>{translate(`app.billing.fields.${header}`)}</TableCell>
            ))}
            <TableCell aria-label={translate('app.billing.fields.actions')} />
          </TableRow>
        </TableHead>
        <TableBody>
          {lists.map((list, index) => (
            <TableRow key={list.id}>
              <TableCell>{day(list)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={listStatuses[index] === 'in_force' ? 'success' : 'default'}
                  label={translate(`app.billing.${listStatuses[index] ?? 'superseded'}`)}
                />
              </TableCell>
              <TableCell>{euros(list.simpleRequestCents)}</TableCell>
              <TableCell>{euros(list.advancedRequestCents)}</TableCell>
              <TableCell>{euros(list.qualifiedRequestCents)}</TableCell>
              <TableCell>{euros(list.smsCents)}</TableCell>
              <TableCell>{euros(list.memberMonthlyFeeCents)}</TableCell>
              <TableCell>{formatCount(list.vatRatePercent, locale)} %</TableCell>
              <TableCell align="right">
                {/* Only a list still to come may go: the others have priced, or are pricing, events. */}
                {listStatuses[index] === 'scheduled' && (
                  <DeletePriceListButton list={list} effectiveFrom={day(list)} onDeleted={onChanged} />
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** `/billing/prices` (administrators): the price lists, and a new one from today or later. */
export function PriceListPage() {
  const { isPending: checkingAccess } = useRequireAccess({ resource: 'prices', action: 'list' });
  const translate = useTranslate();
  const [rawLocale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { state, reload } = useApiResource(() => dataProvider.getPriceLists(), ['price-lists']);
  if (checkingAccess) return <PageLoading />;
  return (
    <Box sx={{ mt: 2, maxWidth: 1500 }}>
      <Title title="app.billing.prices_title" />
      <Card>
        <CardContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('app.billing.prices_intro')}
          </Typography>
          {state.status === 'loading' && <PageLoading />}
          {state.status === 'failed' && <Alert severity="error">{translate('app.billing.load_error')}</Alert>}
          {state.status === 'loaded' && (
            <PriceListTable lists={state.value} locale={asLocale(rawLocale)} onChanged={reload} />
          )}
        </CardContent>
      </Card>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('app.billing.add_prices')}
          </Typography>
          <PriceListForm onCreated={reload} />
        </CardContent>
      </Card>
    </Box>
  );
}
