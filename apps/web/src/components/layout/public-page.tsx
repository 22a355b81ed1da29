import type { ReactNode } from 'react';
import { PageHeading } from '@/components/feedback/page-heading';

type PublicPageProps = { title: string; description?: string; children?: ReactNode };

/** The content column of a public page under its heading. */
export const PublicPage = ({ title, description, children }: PublicPageProps) => (
  <div className="mx-auto max-w-7xl space-y-8 px-4 py-12 sm:px-6">
    <PageHeading title={title} description={description} />
    {children}
  </div>
);
