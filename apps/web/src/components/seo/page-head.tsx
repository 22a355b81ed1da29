import { useGetPublicConfigQuery } from '@/lib/api/get-public-config';
import { useSiteUrl } from '@/lib/ssr/site';

type PageHeadProps = {
  /** The page's own title; the business's name follows it (the home page has none of its own). */
  title?: string;
  description: string;
  /** The page's canonical path (and query, when it matters), from the site's root. */
  path: string;
  /** Pages that must not be indexed (not found). */
  noIndex?: boolean;
};

const DESCRIPTION_LENGTH = 160;

/** Cuts a description to what search results show, at a word boundary. */
export const shortDescription = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
};

/**
 * The page's title, description, canonical link and Open Graph tags. React places them in the document's
 * head, on the server as in the browser, and replaces them when another page is shown.
 */
export const PageHead = ({ title, description, path, noIndex = false }: PageHeadProps) => {
  const siteUrl = useSiteUrl();
  const { data: config } = useGetPublicConfigQuery();
  const business = config?.businessName ?? 'CarCare';
  const fullTitle = title ? `${title} | ${business}` : business;
  const url = `${siteUrl}${path}`;
  const summary = shortDescription(description);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={summary} />
      {noIndex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={business} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={summary} />
      <meta property="og:url" content={url} />
      <meta name="twitter:card" content="summary" />
    </>
  );
};
