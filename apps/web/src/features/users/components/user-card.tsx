import type { Role, User } from '@carcare/contracts/users';
import { MailIcon, PhoneIcon } from 'lucide-react';
import { useState } from 'react';
import { UserAvatar } from '@/components/user/user-avatar';
import { RoleChangeDialog } from './role-change-dialog';
import { RoleSelect } from './role-select';

type UserCardProps = { user: User; isSelf: boolean; onRoleChange: (id: string, role: Role) => void };

export const UserCard = ({ user, isSelf, onRoleChange }: UserCardProps) => {
  const name = `${user.firstName} ${user.lastName}`;
  // The role picked in the select, waiting for the admin's confirmation.
  const [asked, setAsked] = useState<Role | null>(null);
  return (
    <li className="flex flex-col gap-4 rounded-2xl border bg-card p-5 text-card-foreground shadow-sm">
      <div className="flex items-center gap-3">
        <UserAvatar user={user} className="size-12" />
        <div className="min-w-0">
          <h2 className="truncate font-semibold">
            {name}
            {isSelf ? <span className="ml-2 font-normal text-muted-foreground text-xs">(you)</span> : null}
          </h2>
          <p className="flex items-center gap-1.5 truncate text-muted-foreground text-sm">
            <MailIcon className="size-3.5 shrink-0" aria-hidden="true" />
            {user.email}
          </p>
          {user.phone ? (
            <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
              <PhoneIcon className="size-3.5 shrink-0" aria-hidden="true" />
              {user.phone}
            </p>
          ) : null}
        </div>
      </div>
      <div className="mt-auto flex items-center justify-between gap-2 border-t pt-4">
        <span className="text-muted-foreground text-sm">Role</span>
        <RoleSelect userName={name} role={user.role} disabled={isSelf} onChange={setAsked} />
      </div>
      <RoleChangeDialog
        userName={name}
        role={asked}
        onCancel={() => setAsked(null)}
        onConfirm={(role) => {
          setAsked(null);
          onRoleChange(user._id, role);
        }}
      />
    </li>
  );
};
