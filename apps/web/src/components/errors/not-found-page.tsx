import { PageHead } from '@/components/seo/page-head';
import { paths } from '@/lib/paths';
import { useResponseStatus } from '@/lib/ssr/site';
import { NotFoundView } from './not-found-view';

/** An unknown route or service: the not-found view, answered with a 404 status and kept out of search results. */
export const NotFoundPage = () => {
  useResponseStatus(404);
  return (
    <>
      <PageHead
        title="Page not found"
        description="The page you're looking for doesn't exist or has been moved."
        path={paths.home}
        noIndex
      />
      <NotFoundView />
    </>
  );
};
