import { type UserView } from '@esign/shared';
import { Avatar, Box, Button, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useId } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { type AppDataProvider } from '../providers/dataProvider';
import { MUTATION_OPTIONS } from '../common/mutations';
import { isAcceptedAvatar, toAvatarPng } from './avatarImage';

/** The logo of an existing account: PNG or JPEG, resized and sent as PNG. */
export function AvatarUpload() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const user = useRecordContext<UserView>();
  const inputId = useId();
  const { mutate, isPending: uploading } = useMutation({
    ...MUTATION_OPTIONS,
    mutationFn: async ({ id, file }: { id: string; file: File }) =>
      dataProvider.uploadAvatar(id, await toAvatarPng(file)),
    onSuccess: () => refresh(),
    onError: (error) => {
      // The rest of the form keeps working; the member is told, in their language, that the logo was not
      // changed (an image the browser cannot read, or the upload refused), and the cause is logged.
      console.error('The logo upload failed', error);
      notify('app.users.logo_failed', { type: 'error' });
    },
  });
  if (!user) return null;

  const upload = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedAvatar(file)) {
      notify('validation.imageType', { type: 'error' });
      return;
    }
    mutate({ id: user.id, file });
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
      <Avatar
        src={user.logoUrl ?? undefined}
        alt={translate('app.users.logo')}
        variant="rounded"
        // Logos are often wide: shown whole, as on the signature blocks, not cropped to a square.
        sx={{
          width: 150,
          height: 96,
          // White behind a logo; without one, the initial keeps the avatar's own colour to stand out on.
          ...(user.logoUrl ? { bgcolor: 'common.white' } : {}),
          border: 1,
          borderColor: 'divider',
          '& img': { objectFit: 'contain' },
        }}
      >
        {(user.name.trim() || user.email).charAt(0).toUpperCase()}
      </Avatar>
      <Box>
        <input
          id={inputId}
          type="file"
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          hidden
          onChange={upload}
        />
        <Button component="label" htmlFor={inputId} variant="outlined" disabled={uploading}>
          {translate(uploading ? 'app.users.logo_uploading' : 'app.users.logo_upload')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.users.logo_hint')}
        </Typography>
      </Box>
    </Box>
  );
}
