import { ErrorCode, type PriceListView } from '@esign/shared';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { type AppDataProvider } from '../providers/dataProvider';
import { errorMessageKey } from '../common/apiErrors';
import { MUTATION_OPTIONS } from '../common/mutations';

interface DeletePriceListButtonProps {
  list: PriceListView;
  /** The list's effective day, as the table shows it. */
  effectiveFrom: string;
  onDeleted: () => void;
}

/**
 * Deletes a price list whose day has not begun, after a confirmation. The server checks the date again: a
 * list that took effect meanwhile is refused (PRICE_LIST_ALREADY_EFFECTIVE) and the table is reloaded.
 */
export function DeletePriceListButton({ list, effectiveFrom, onDeleted }: DeletePriceListButtonProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const { mutate, isPending: running } = useMutation({
    ...MUTATION_OPTIONS,
    mutationFn: (id: string) => dataProvider.deletePriceList(id),
    onSuccess: () => notify('app.billing.deleted', { type: 'success' }),
    onError: (error) =>
      notify(
        errorMessageKey(error, 'app.billing.delete_failed', [
          ErrorCode.PRICE_LIST_ALREADY_EFFECTIVE,
          ErrorCode.NOT_FOUND,
        ]),
        { type: 'error' },
      ),
    // Either way the table is read again: a refusal means the list changed meanwhile.
    onSettled: () => {
      setOpen(false);
      onDeleted();
    },
  });

  return (
    <>
      <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)}>
        {translate('app.billing.delete')}
      </Button>
      <Confirm
        isOpen={open}
        loading={running}
        title="app.billing.delete_title"
        content="app.billing.delete_content"
        translateOptions={{ date: effectiveFrom }}
        confirm="app.billing.delete_confirm"
        cancel="app.billing.delete_keep"
        confirmColor="warning"
        onConfirm={() => mutate(list.id)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
