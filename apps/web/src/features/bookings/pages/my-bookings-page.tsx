import { PageHeading } from '@/components/feedback/page-heading';

export const MyBookingsPage = () => <PageHeading title="My Bookings" />;
