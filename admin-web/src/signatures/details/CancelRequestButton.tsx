import { ErrorCode, type SignatureRequestView } from '@esign/shared';
import BlockIcon from '@mui/icons-material/Block';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { type AppDataProvider } from '../../providers/dataProvider';
import { errorMessageKey } from '../../common/apiErrors';
import { MUTATION_OPTIONS } from '../../common/mutations';

interface CancelRequestButtonProps {
  id: string;
  onCancelled: (request: SignatureRequestView) => void;
}

/** Cancels the request after a confirmation; the list then shows it as cancelled. */
export function CancelRequestButton({ id, onCancelled }: CancelRequestButtonProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const { mutate, isPending: running } = useMutation({
    ...MUTATION_OPTIONS,
    mutationFn: (requestId: string) => dataProvider.cancelSignature(requestId),
    onSuccess: (cancelled) => {
      onCancelled(cancelled);
      notify('app.signatures.notifications.cancelled', { type: 'success' });
    },
    onError: (error) =>
      notify(
        errorMessageKey(error, 'app.signatures.notifications.cancel_failed', [
          ErrorCode.DOCUMENT_NOT_EDITABLE,
        ]),
        { type: 'error' },
      ),
    onSettled: () => setOpen(false),
  });

  return (
    <>
      <Button variant="outlined" color="error" startIcon={<BlockIcon />} onClick={() => setOpen(true)}>
        {translate('app.signature_actions.cancel')}
      </Button>
      <Confirm
        isOpen={open}
        loading={running}
        title="app.signature_actions.cancel_title"
        content="app.signature_actions.cancel_content"
        confirm="app.signature_actions.cancel_confirm"
        cancel="app.signature_actions.cancel_keep"
        confirmColor="warning"
        onConfirm={() => mutate(id)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
