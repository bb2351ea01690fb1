import { ErrorCode, type SignatureRequestView, type StaffMemberView } from '@esign/shared';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { type AppDataProvider } from '../../providers/dataProvider';
import { errorMessageKey } from '../../common/apiErrors';
import { MUTATION_OPTIONS } from '../../common/mutations';

interface ReassignButtonProps {
  request: Pick<SignatureRequestView, 'id'>;
  onReassigned: () => void;
}

/** A manager gives the request to another active person of the agency; the audit trail records it. */
export function ReassignButton({ request, onReassigned }: ReassignButtonProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [people, setPeople] = useState<StaffMemberView[] | null>(null);
  const [chosen, setChosen] = useState('');
  const t = (key: string) => translate(`app.signature_actions.${key}`);

  const openDialog = () => {
    setOpen(true);
    dataProvider.getStaff().then(
      (staff) => setPeople(staff.filter((person) => !person.isDisabled)),
      () => {
        notify('app.signatures.notifications.reassign_failed', { type: 'error' });
        setOpen(false);
      },
    );
  };
  const { mutate, isPending: running } = useMutation({
    ...MUTATION_OPTIONS,
    mutationFn: (userId: string) => dataProvider.assignSignature(request.id, userId),
    onSuccess: () => {
      notify('app.signatures.notifications.reassigned', { type: 'success' });
      setOpen(false);
      onReassigned();
    },
    onError: (failure) => {
      notify(
        errorMessageKey(failure, 'app.signatures.notifications.reassign_failed', [ErrorCode.FORBIDDEN]),
        { type: 'error' },
      );
      setOpen(false);
    },
  });

  return (
    <>
      <Button variant="outlined" startIcon={<SwapHorizIcon />} onClick={openDialog}>
        {t('reassign')}
      </Button>
      <Dialog open={open} onClose={() => !running && setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('reassign_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('reassign_intro')}</DialogContentText>
          <TextField
            select
            label={t('reassign_person')}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            disabled={people === null}
            fullWidth
          >
            {(people ?? []).map((person) => (
              <MenuItem key={person.id} value={person.id}>
                {person.name} ({translate(`app.team.roles.${person.role}`)})
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={running}>
            {t('extend_keep')}
          </Button>
          <Button variant="contained" onClick={() => chosen && mutate(chosen)} disabled={!chosen || running}>
            {t('reassign_confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
