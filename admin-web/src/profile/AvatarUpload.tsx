import { type UserView } from '@esign/shared';
import { Avatar, Box, Button, Typography } from '@mui/material';
import { type ChangeEvent, useId, useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { type AppDataProvider } from '../providers/dataProvider';
import { isAcceptedAvatar, toAvatarPng } from './avatarImage';

/** The logo of an existing account: PNG or JPEG, resized and sent as PNG. */
export function AvatarUpload() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const user = useRecordContext<UserView>();
  const inputId = useId();
  const [uploading, setUploading] = useState(false);
  if (!user) return null;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedAvatar(file)) {
      notify('validation.imageType', { type: 'error' });
      return;
    }
    setUploading(true);
    try {
      await dataProvider.uploadAvatar(user.id, await toAvatarPng(file));
      refresh();
    } catch (error) {
      // The rest of the form keeps working; the member is told, in their language, that the logo was not
      // changed (an image the browser cannot read, or the upload refused), and the cause is logged.
      console.error('The logo upload failed', error);
      notify('app.users.logo_failed', { type: 'error' });
    } finally {
      setUploading(false);
    }
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
          onChange={(event) => void upload(event)}
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
