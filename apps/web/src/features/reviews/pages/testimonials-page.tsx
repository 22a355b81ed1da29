import { PublicPage } from '@/components/layout/public-page';

export const TestimonialsPage = () => <PublicPage title="Customer Insights" />;
