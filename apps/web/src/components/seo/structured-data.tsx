import type { ReviewStats } from '@carcare/contracts/reviews';
import type { Service } from '@carcare/contracts/services';
import { useGetPublicConfigQuery } from '@/lib/api/get-public-config';
import { businessData, serviceData, serviceListData, withContext } from '@/lib/seo/structured-data';
import { useSiteUrl, useStructuredData } from '@/lib/ssr/site';

/** The business (`AutoWash`) with its reviews' aggregate rating, in the server-rendered page's head. */
export const BusinessJsonLd = ({ stats }: { stats?: ReviewStats }) => {
  const siteUrl = useSiteUrl();
  const { data: config } = useGetPublicConfigQuery();
  useStructuredData(config ? businessData(config, siteUrl, stats) : undefined);
  return null;
};

/** One service with its offer. */
export const ServiceJsonLd = ({ service }: { service: Service }) => {
  const siteUrl = useSiteUrl();
  const { data: config } = useGetPublicConfigQuery();
  useStructuredData(config ? withContext(serviceData(service, config, siteUrl)) : undefined);
  return null;
};

/** The services a page lists, in its order. */
export const ServiceListJsonLd = ({ services, firstPosition }: { services: Service[]; firstPosition: number }) => {
  const siteUrl = useSiteUrl();
  const { data: config } = useGetPublicConfigQuery();
  useStructuredData(
    config && services.length > 0 ? serviceListData(services, config, siteUrl, firstPosition) : undefined,
  );
  return null;
};
