import { type SignatoryView, type SignatureRequestView } from '@esign/shared';
import { signatoryStatusKey } from '../statusRules';
import {
  Card,
  CardContent,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDateTimeFormat } from '../useDateFormat';
import { DetailList } from './DetailList';

type RequestStatus = Pick<SignatureRequestView, 'status'>;

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

function Placement({ signatory }: { signatory: SignatoryView }) {
  const translate = useTranslate();
  return translate('app.signature_details.placement_value', {
    page: signatory.placement.page,
    // A party of a generated document signs in the frame printed for it, not in a corner.
    position: signatory.party
      ? translate('app.signature_wizard.placement.in_frame')
      : translate(`app.signatures.position.${signatory.placement.position}`),
  });
}

function StatusChip({ signatory, request }: { signatory: SignatoryView; request: RequestStatus }) {
  const translate = useTranslate();
  const key = signatoryStatusKey(request, signatory);
  const open = key.startsWith('app.signatures.signatory_status.');
  return (
    <Chip
      size="small"
      color={
        signatory.status === 'SIGNED'
          ? 'success'
          : signatory.status === 'INVITED' && open
            ? 'info'
            : 'default'
      }
      label={translate(key)}
    />
  );
}

function SignatoryRow({ signatory, request }: { signatory: SignatoryView; request: RequestStatus }) {
  const format = useDateTimeFormat();
  return (
    <TableRow>
      <TableCell>{signatory.order}</TableCell>
      <TableCell component="th" scope="row">
        {signatory.name}
        {signatory.role && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {signatory.role}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ overflowWrap: 'break-word' }}>{signatory.email}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{signatory.mobile}</TableCell>
      <TableCell>
        <Placement signatory={signatory} />
      </TableCell>
      <TableCell>
        <StatusChip signatory={signatory} request={request} />
      </TableCell>
      <TableCell>{format(signatory.invitedAt)}</TableCell>
      <TableCell>{format(signatory.signedAt)}</TableCell>
      <TableCell>{signatory.location ?? '—'}</TableCell>
    </TableRow>
  );
}

/** On a phone: one signatory a card, each value under its label, nothing wider than the screen. */
function SignatoryCards({ signatories, request }: { signatories: SignatoryView[]; request: RequestStatus }) {
  const translate = useTranslate();
  const format = useDateTimeFormat();
  return (
    <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }}>
      {signatories.map((signatory) => (
        <Paper component="li" variant="outlined" key={signatory.signatoryId} sx={{ p: 1.5 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography component="h3" variant="subtitle2">
              {signatory.order}. {signatory.name}
            </Typography>
            <StatusChip signatory={signatory} request={request} />
          </Stack>
          {signatory.role && (
            <Typography variant="body2" color="text.secondary">
              {signatory.role}
            </Typography>
          )}
          <DetailList
            items={[
              { label: translate('app.signature_details.email'), value: signatory.email },
              { label: translate('app.signature_details.mobile'), value: signatory.mobile },
              {
                label: translate('app.signature_details.placement'),
                value: <Placement signatory={signatory} />,
              },
              { label: translate('app.signature_details.invited_at'), value: format(signatory.invitedAt) },
              { label: translate('app.signature_details.signed_at'), value: format(signatory.signedAt) },
              { label: translate('app.signature_details.location'), value: signatory.location ?? '—' },
            ]}
          />
        </Paper>
      ))}
    </Stack>
  );
}

/** Who signs, in which order and where, and how far each has got. */
export function SignatoriesTable({
  signatories,
  request,
}: {
  signatories: SignatoryView[];
  request: RequestStatus;
}) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const sorted = [...signatories].sort((a, b) => a.order - b.order);
  return (
    <Card component="section" aria-labelledby="signatories-title">
      <CardContent>
        <Typography id="signatories-title" variant="h6" component="h2" gutterBottom>
          {translate('app.signature_details.signatories')}
        </Typography>
        {phone ? (
          <SignatoryCards signatories={sorted} request={request} />
        ) : (
          // Scrolls sideways when the columns need more room: reachable and named for the keyboard.
          <TableContainer tabIndex={0} role="region" aria-labelledby="signatories-title">
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
                  <SignatoryRow key={signatory.signatoryId} signatory={signatory} request={request} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
