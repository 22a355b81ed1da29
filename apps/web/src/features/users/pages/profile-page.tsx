import { PageHeading } from '@/components/feedback/page-heading';
import { useSession } from '@/lib/session/use-session';
import { ProfileCard } from '../components/profile-card';

export const ProfilePage = () => {
  const { user } = useSession();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeading title="Profile" />
      {user ? <ProfileCard user={user} /> : null}
    </div>
  );
};
