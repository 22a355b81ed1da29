import { PageHeading } from '@/components/feedback/page-heading';

export const UpdateInfoPage = () => <PageHeading title="Update Information" />;
