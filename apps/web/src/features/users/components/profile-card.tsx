import type { User } from '@carcare/contracts/users';
import { MailIcon, MapPinIcon, PhoneIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { UserAvatar } from '@/components/user/user-avatar';
import { paths } from '@/lib/paths';
import { useDisplayFormat } from '@/lib/use-display-format';
import { memberSince } from '../member-since';

const NOT_AVAILABLE = 'N/A';

const Detail = ({ icon, label, value }: { icon: ReactNode; label: string; value: string }) => (
  <div className="flex items-start gap-3 rounded-xl border bg-background p-4">
    <span className="mt-0.5 text-primary">{icon}</span>
    <div className="min-w-0">
      <dt className="text-muted-foreground text-xs uppercase tracking-wide">{label}</dt>
      <dd className="break-words font-medium">{value}</dd>
    </div>
  </div>
);

export const ProfileCard = ({ user }: { user: User }) => {
  const format = useDisplayFormat();
  return (
    <article className="overflow-hidden rounded-2xl border bg-card shadow-sm">
      <div className="h-28 bg-linear-to-r from-sky-600 to-cyan-400" />
      <div className="-mt-12 flex flex-col items-center gap-2 px-6 text-center sm:flex-row sm:items-end sm:text-left">
        <Link
          to={paths.userDashboard.updateInfo}
          aria-label="Update your profile picture and details"
          className="rounded-full ring-4 ring-card"
        >
          <UserAvatar user={user} className="size-24" fallbackClassName="text-2xl" />
        </Link>
        <div className="pb-1">
          <h2 className="font-bold text-xl">
            {user.firstName} {user.lastName}
          </h2>
          <p className="text-muted-foreground text-sm">Member since {memberSince(user.createdAt, format)}</p>
        </div>
      </div>
      <dl className="grid gap-3 p-6 sm:grid-cols-2">
        <Detail icon={<MailIcon className="size-4" aria-hidden="true" />} label="Email" value={user.email} />
        <Detail
          icon={<PhoneIcon className="size-4" aria-hidden="true" />}
          label="Phone"
          value={user.phone || NOT_AVAILABLE}
        />
        <Detail
          icon={<MapPinIcon className="size-4" aria-hidden="true" />}
          label="Address"
          value={user.address || NOT_AVAILABLE}
        />
      </dl>
    </article>
  );
};
