import Avatar, { type AvatarProps } from '@mui/material/Avatar';
import { accountDisplayName, type Me } from '@linedesk/shared';

export function AccountAvatar({ account, ...props }: { account: Me } & AvatarProps) {
  const name = accountDisplayName(account);
  return (
    <Avatar
      alt={name}
      {...props}
      sx={{ bgcolor: 'primary.main', color: 'common.white', fontWeight: 600, ...props.sx }}
    >
      {name.charAt(0).toUpperCase()}
    </Avatar>
  );
}
