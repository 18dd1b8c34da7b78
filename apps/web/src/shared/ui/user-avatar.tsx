import Avatar from '@mui/material/Avatar';
import { colorFromName, fullNameOf, initialsOf } from '../lib/avatar';
import { useImageUrl } from './auth-image';

/**
 * The user's picture (an upload is fetched with the token, `auth-image.tsx`), else, and while it
 * loads, initials on a colour derived from the full name, else '?'.
 */
export function UserAvatar({
  firstName,
  lastName,
  avatar,
  size = 36,
}: {
  firstName?: string | null;
  lastName?: string | null;
  avatar?: string | null;
  size?: number;
}) {
  const fullName = fullNameOf(firstName, lastName);
  const avatarUrl = useImageUrl(avatar);
  if (avatarUrl) return <Avatar src={avatarUrl} alt={fullName} sx={{ width: size, height: size }} />;
  return (
    <Avatar
      aria-hidden
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        fontWeight: 600,
        color: '#fff',
        bgcolor: fullName ? colorFromName(fullName) : 'grey.600',
      }}
    >
      {initialsOf(firstName, lastName)}
    </Avatar>
  );
}
