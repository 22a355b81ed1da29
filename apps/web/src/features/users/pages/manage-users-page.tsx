import { PageHeading } from '@/components/feedback/page-heading';

export const ManageUsersPage = () => <PageHeading title="User Management" />;
