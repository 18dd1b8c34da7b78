import Avatar from '@mui/material/Avatar';
import { colorFromName, fullNameOf, initialsOf } from '../lib/avatar';

/** The user's picture, else initials on a colour derived from the full name, else '?'. */
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
  if (avatar) return <Avatar src={avatar} alt={fullName} sx={{ width: size, height: size }} />;
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
