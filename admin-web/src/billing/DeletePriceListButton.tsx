import { ErrorCode, type PriceListView } from '@esign/shared';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { type AppDataProvider } from '../providers/dataProvider';
import { errorMessageKey } from '../common/apiErrors';

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
  const [running, setRunning] = useState(false);

  const remove = async () => {
    setRunning(true);
    try {
      await dataProvider.deletePriceList(list.id);
      notify('app.billing.deleted', { type: 'success' });
    } catch (error) {
      notify(
        errorMessageKey(error, 'app.billing.delete_failed', [
          ErrorCode.PRICE_LIST_ALREADY_EFFECTIVE,
          ErrorCode.NOT_FOUND,
        ]),
        { type: 'error' },
      );
    } finally {
      setRunning(false);
      setOpen(false);
      onDeleted();
    }
  };

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
        onConfirm={() => void remove()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
