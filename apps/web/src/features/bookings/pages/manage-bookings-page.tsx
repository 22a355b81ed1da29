import { PageHeading } from '@/components/feedback/page-heading';

export const ManageBookingsPage = () => <PageHeading title="Booking Management" />;
