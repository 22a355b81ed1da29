import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { type AvatarUser, userInitials } from './user-initials';

type UserAvatarProps = { user: AvatarUser; className?: string; fallbackClassName?: string };

/** The user's picture, or their initials when there is none (or it fails to load). */
export const UserAvatar = ({ user, className, fallbackClassName }: UserAvatarProps) => (
  <Avatar className={className}>
    {user.image ? <AvatarImage src={user.image} alt={`${user.firstName} ${user.lastName}`} /> : null}
    <AvatarFallback className={fallbackClassName}>{userInitials(user)}</AvatarFallback>
  </Avatar>
);
