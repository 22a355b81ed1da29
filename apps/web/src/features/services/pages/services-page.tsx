import { PublicPage } from '@/components/layout/public-page';

export const ServicesPage = () => <PublicPage title="Our Services" />;
