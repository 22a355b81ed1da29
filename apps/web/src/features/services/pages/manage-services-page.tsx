import { PageHeading } from '@/components/feedback/page-heading';

export const ManageServicesPage = () => <PageHeading title="Service Management" description="Manage your services" />;
