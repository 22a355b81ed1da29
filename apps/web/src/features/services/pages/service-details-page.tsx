import { PublicPage } from '@/components/layout/public-page';

export const ServiceDetailsPage = () => <PublicPage title="Service Details" />;
