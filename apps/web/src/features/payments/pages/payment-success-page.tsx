import { PublicPage } from '@/components/layout/public-page';

export const PaymentSuccessPage = () => <PublicPage title="Payment Successful" />;
