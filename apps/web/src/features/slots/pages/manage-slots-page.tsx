import { PageHeading } from '@/components/feedback/page-heading';

export const ManageSlotsPage = () => <PageHeading title="Slot Management" description="Manage slots to get booking" />;
