import type { ServiceDetail } from '@carcare/contracts/services';
import { SERVICE_MESSAGES } from '@carcare/contracts/services-constants';
import { BanknoteIcon, ClockIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { LoadingScreen } from '@/components/feedback/loading-screen';
import { PageHead } from '@/components/seo/page-head';
import { ServiceJsonLd } from '@/components/seo/structured-data';
import { formatPrice } from '@/lib/format-price';
import { Island } from '@/lib/islands/island';
import { paths } from '@/lib/paths';
import { useShopTerms } from '@/lib/payment-terms';
import { useCurrency } from '@/lib/use-currency';
import { useGetServiceQuery } from '../api/get-service';
import { toComparedService } from '../comparison-store';
import { ClassPriceTable } from './class-price-table';
import { CompareToggle } from './compare-toggle';

type ServiceDetailsProps = {
  serviceId: string;
  /** What the page shows under the service to book it (from the bookings feature). */
  renderBooking: (service: ServiceDetail) => ReactNode;
};

/**
 * SPEC section 2, /service/{id}: the service, "from $X" and its prices by vehicle (with the deposit taken online
 * for a deposit service), its Compare toggle, then how to book it.
 */
export const ServiceDetails = ({ serviceId, renderBooking }: ServiceDetailsProps) => {
  const { data: service, isLoading } = useGetServiceQuery(serviceId);
  const currency = useCurrency();
  const terms = useShopTerms();

  if (isLoading) return <LoadingScreen />;
  // Unknown, deleted or malformed ids (404 or 400) all read as "no such page".
  if (!service) return <NotFoundPage />;

  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-12 sm:px-6">
      <PageHead title={service.name} description={service.description} path={paths.serviceDetails.href(service._id)} />
      <ServiceJsonLd service={service} />
      <article className="space-y-6 rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{service.name}</h1>
          <Island
            name="compare-toggle"
            component={CompareToggle}
            props={{ service: toComparedService(service), className: 'self-start' }}
          />
        </div>
        <p className="max-w-3xl whitespace-pre-line text-muted-foreground leading-relaxed">{service.description}</p>
        <dl className="flex flex-wrap gap-4">
          <div className="flex items-center gap-3 rounded-lg bg-muted px-4 py-3">
            <ClockIcon className="size-5 text-primary" aria-hidden="true" />
            <dt className="text-muted-foreground text-sm">Duration</dt>
            <dd className="font-semibold">{service.duration} minutes</dd>
          </div>
          <div className="flex items-center gap-3 rounded-lg bg-muted px-4 py-3">
            <BanknoteIcon className="size-5 text-primary" aria-hidden="true" />
            <dt className="text-muted-foreground text-sm">Price</dt>
            <dd className="font-semibold">
              <span>{formatPrice(service.price, currency)}</span>
              {service.priceFrom !== service.price ? (
                <span className="ml-2 font-normal text-muted-foreground text-sm">
                  {SERVICE_MESSAGES.priceFrom(formatPrice(service.priceFrom, currency))}
                </span>
              ) : null}
              {service.paymentMode === 'deposit' && terms ? (
                <span className="block font-normal text-muted-foreground text-sm">
                  {terms.depositLine(service.price)}
                </span>
              ) : null}
            </dd>
          </div>
        </dl>
        {service.prices.length > 0 ? <ClassPriceTable prices={service.prices} currency={currency} /> : null}
      </article>
      {renderBooking(service)}
    </div>
  );
};
