import { type BillingStatement, type Locale } from '@esign/shared';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatEuros } from '../common/formatting';

interface MemberStatementsTableProps {
  statement: BillingStatement;
  locale: Locale;
  /** The member whose PDF is being fetched, so their button waits. */
  downloading: string | null;
  onDownload: (memberId: string, memberName: string) => void;
}

/** An administrator's month, one row per member with their totals and their statement as a PDF. */
export function MemberStatementsTable({
  statement,
  locale,
  downloading,
  onDownload,
}: MemberStatementsTableProps) {
  const translate = useTranslate();
  const euros = (amount: number) => formatEuros(amount, locale);
  if (statement.members.length === 0) return null;
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {translate('app.billing.member_statements')}
      </Typography>
      <Table size="small" aria-label={translate('app.billing.member_statements')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.billing.columns.member')}</TableCell>
            <TableCell align="right">{translate('app.billing.columns.net')}</TableCell>
            <TableCell align="right">{translate('app.billing.columns.vat')}</TableCell>
            <TableCell align="right">{translate('app.billing.columns.gross')}</TableCell>
            <TableCell aria-label={translate('app.billing.fields.actions')} />
          </TableRow>
        </TableHead>
        <TableBody>
          {statement.members.map((member) => (
            <TableRow key={member.memberId}>
              <TableCell>{member.memberName}</TableCell>
              <TableCell align="right">{euros(member.net)}</TableCell>
              <TableCell align="right">{euros(member.vat)}</TableCell>
              <TableCell align="right">{euros(member.gross)}</TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  startIcon={<PictureAsPdfIcon />}
                  disabled={downloading === member.memberId}
                  onClick={() => onDownload(member.memberId, member.memberName)}
                  aria-label={translate('app.billing.download_pdf_of', { name: member.memberName })}
                >
                  {translate('app.billing.download_pdf')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
