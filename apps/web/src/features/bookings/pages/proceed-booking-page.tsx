import { PublicPage } from '@/components/layout/public-page';

export const ProceedBookingPage = () => <PublicPage title="Booking Summary" />;
