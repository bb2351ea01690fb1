import { type SignatoryView } from '@esign/shared';
import {
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDateTimeFormat } from '../useDateFormat';

const COLUMNS = [
  'order',
  'name',
  'email',
  'mobile',
  'placement',
  'status',
  'invited_at',
  'signed_at',
  'location',
] as const;

function SignatoryRow({ signatory }: { signatory: SignatoryView }) {
  const translate = useTranslate();
  const format = useDateTimeFormat();
  return (
    <TableRow>
      <TableCell>{signatory.order}</TableCell>
      <TableCell component="th" scope="row">
        {signatory.name}
      </TableCell>
      <TableCell sx={{ overflowWrap: 'break-word' }}>{signatory.email}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{signatory.mobile}</TableCell>
      <TableCell>
        {translate('app.signature_details.placement_value', {
          page: signatory.placement.page,
          position: translate(`app.signatures.position.${signatory.placement.position}`),
        })}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          color={
            signatory.status === 'SIGNED' ? 'success' : signatory.status === 'INVITED' ? 'info' : 'default'
          }
          label={translate(`app.signatures.signatory_status.${signatory.status}`)}
        />
      </TableCell>
      <TableCell>{format(signatory.invitedAt)}</TableCell>
      <TableCell>{format(signatory.signedAt)}</TableCell>
      <TableCell>{signatory.location ?? '—'}</TableCell>
    </TableRow>
  );
}

/** Who signs, in which order and where, and how far each has got. */
export function SignatoriesTable({ signatories }: { signatories: SignatoryView[] }) {
  const translate = useTranslate();
  const sorted = [...signatories].sort((a, b) => a.order - b.order);
  return (
    <Card component="section" aria-labelledby="signatories-title">
      <CardContent>
        <Typography id="signatories-title" variant="h6" component="h2" gutterBottom>
          {translate('app.signature_details.signatories')}
        </Typography>
        <TableContainer>
          <Table size="small" aria-labelledby="signatories-title">
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>{translate(`app.signature_details.${column}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {sorted.map((signatory) => (
                <SignatoryRow key={signatory.signatoryId} signatory={signatory} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}
