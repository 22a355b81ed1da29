import { PublicPage } from '@/components/layout/public-page';

export const PaymentFailedPage = () => <PublicPage title="Payment Failed" />;
