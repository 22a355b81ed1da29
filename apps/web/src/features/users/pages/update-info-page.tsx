import type { User } from '@carcare/contracts/users';
import { PageHeading } from '@/components/feedback/page-heading';
import { useSession } from '@/lib/session/use-session';
import { ChangePasswordForm } from '../components/change-password-form';
import { SettingsSection } from '../components/settings-section';
import { UpdateInfoForm } from '../components/update-info-form';
import { useChangePassword } from '../hooks/use-change-password';
import { useUpdateProfile } from '../hooks/use-update-profile';

const AccountSettings = ({ user }: { user: User }) => {
  const updateProfile = useUpdateProfile(user);
  const changePassword = useChangePassword();
  return (
    <>
      <SettingsSection
        id="profile-details"
        title="Profile details"
        description="Your picture, name, address and phone. Your email cannot be changed."
      >
        <UpdateInfoForm user={user} onSubmit={updateProfile} />
      </SettingsSection>
      <SettingsSection id="change-password" title="Change password" description="Enter your current password first.">
        <ChangePasswordForm onSubmit={changePassword} />
      </SettingsSection>
    </>
  );
};

export const UpdateInfoPage = () => {
  const { user } = useSession();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeading title="Update Information" description="Manage your account settings" />
      {user ? <AccountSettings user={user} /> : null}
    </div>
  );
};
