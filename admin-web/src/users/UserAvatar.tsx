import { type UserView } from '@esign/shared';
import { Avatar } from '@mui/material';
import { useRecordContext } from 'react-admin';

/**
 * The thumbnail, or the initial when there is none or it fails to load: MUI's Avatar falls back
 * to its children on an image error, which replaces the status check of signed addresses.
 */
export function UserAvatar({ size = 36 }: { size?: number }) {
  const user = useRecordContext<UserView>();
  if (!user) return null;
  const initial = (user.name.trim() || user.email).charAt(0).toUpperCase();
  return (
    <Avatar src={user.thumbnailUrl ?? undefined} alt="" sx={{ width: size, height: size }}>
      {initial}
    </Avatar>
  );
}
