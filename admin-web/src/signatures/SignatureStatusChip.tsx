import { type SignatureStatus } from '@esign/shared';
import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';

const COLOURS: Record<SignatureStatus, ChipProps['color']> = {
  INIT: 'default',
  IN_PROGRESS: 'info',
  UPDATING_DOCUMENT: 'warning',
  SIGNED: 'success',
  CANCELLED: 'error',
  DECLINED: 'error',
  EXPIRED: 'default',
};

/** The request's status in words, with a colour that only repeats what the words say. */
export function SignatureStatusChip({
  status,
  size = 'small',
}: {
  status: SignatureStatus;
  size?: ChipProps['size'];
}) {
  const translate = useTranslate();
  return (
    <Chip
      size={size}
      color={COLOURS[status]}
      variant={status === 'INIT' ? 'outlined' : 'filled'}
      label={translate(`app.signature_status.${status}`, { _: status })}
    />
  );
}
