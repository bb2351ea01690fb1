import { type BillingStatement, type Locale } from '@esign/shared';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatCount, formatEuros } from '../common/formatting';

const COLUMNS = ['quantity', 'unit_price', 'net', 'vat_rate', 'vat', 'gross'] as const;

/** A month's lines and totals; the member column only when the statement covers several members. */
export function StatementTable({ statement, locale }: { statement: BillingStatement; locale: Locale }) {
  const translate = useTranslate();
  const everyone = statement.memberId === null;
  const euros = (amount: number) => formatEuros(amount, locale);
  if (statement.lines.length === 0) {
    return <Typography color="text.secondary">{translate('app.billing.empty')}</Typography>;
  }
  return (
    <Table size="small" aria-label={translate('app.billing.costs_title')}>
      <TableHead>
        <TableRow>
          {everyone && <TableCell>{translate('app.billing.columns.member')}</TableCell>}
          <TableCell>{translate('app.billing.columns.item')}</TableCell>
          {COLUMNS.map((column) => (
            <TableCell key={column} align="right">
              {translate(`app.billing.columns.${column}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {statement.lines.map((line) => (
          <TableRow key={`${line.memberId}-${line.kind}-${line.unitPrice}-${line.vatRatePercent}`}>
            {everyone && <TableCell>{line.memberName}</TableCell>}
            <TableCell>{translate(`app.billing.kinds.${line.kind}`)}</TableCell>
            <TableCell align="right">{formatCount(line.quantity, locale)}</TableCell>
            <TableCell align="right">{euros(line.unitPrice)}</TableCell>
            <TableCell align="right">{euros(line.net)}</TableCell>
            <TableCell align="right">{formatCount(line.vatRatePercent, locale)} %</TableCell>
            <TableCell align="right">{euros(line.vat)}</TableCell>
            <TableCell align="right">{euros(line.gross)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell colSpan={everyone ? 4 : 3} sx={{ fontWeight: 600 }}>
            {translate('app.billing.total')}
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 600 }}>
            {euros(statement.totals.net)}
          </TableCell>
          <TableCell />
          <TableCell align="right" sx={{ fontWeight: 600 }}>
            {euros(statement.totals.vat)}
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 600 }}>
            {euros(statement.totals.gross)}
          </TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}
