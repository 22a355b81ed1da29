import type { PublicConfig } from '@carcare/contracts/app-config';
import type { ReviewStats } from '@carcare/contracts/reviews';
import type { Service } from '@carcare/contracts/services';
import type { AutoWash, ItemList, Service as ServiceThing, WithContext } from 'schema-dts';
import { paths } from '../paths';

const SCHEMA_ORG = 'https://schema.org';

/** The business as schema.org's `AutoWash`, with its reviews' aggregate rating once it has any. */
export function businessData(config: PublicConfig, siteUrl: string, stats?: ReviewStats): WithContext<AutoWash> {
  const { address, phone, email } = config.contact;
  return {
    '@context': SCHEMA_ORG,
    '@type': 'AutoWash',
    '@id': `${siteUrl}/#business`,
    name: config.businessName,
    url: `${siteUrl}/`,
    ...(address ? { address } : {}),
    ...(phone ? { telephone: phone } : {}),
    ...(email ? { email } : {}),
    currenciesAccepted: config.currency,
    ...(stats && stats.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: stats.average,
            reviewCount: stats.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** A price as schema.org wants it: a plain decimal with two places. */
const offerPrice = (price: number) => price.toFixed(2);

/** One service as schema.org's `Service`, offered by the business at its price in the configured currency. */
export function serviceData(service: Service, config: PublicConfig, siteUrl: string): ServiceThing {
  const url = `${siteUrl}${paths.serviceDetails.href(service._id)}`;
  return {
    '@type': 'Service',
    '@id': url,
    name: service.name,
    description: service.description,
    url,
    provider: { '@type': 'AutoWash', '@id': `${siteUrl}/#business`, name: config.businessName },
    offers: {
      '@type': 'Offer',
      price: offerPrice(service.price),
      priceCurrency: config.currency,
      url,
      availability: 'https://schema.org/InStock',
    },
  };
}

export const withContext = (service: ServiceThing): WithContext<ServiceThing> =>
  ({ '@context': SCHEMA_ORG, ...(service as object) }) as WithContext<ServiceThing>;

/** A page of the catalogue as an `ItemList` of its services, in the order shown. */
export function serviceListData(
  services: Service[],
  config: PublicConfig,
  siteUrl: string,
  firstPosition = 1,
): WithContext<ItemList> {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'ItemList',
    itemListElement: services.map((service, index) => ({
      '@type': 'ListItem',
      position: firstPosition + index,
      item: serviceData(service, config, siteUrl),
    })),
  };
}
