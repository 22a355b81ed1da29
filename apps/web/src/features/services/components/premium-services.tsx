import { PREMIUM_PRICE_THRESHOLD } from '@carcare/contracts/services-constants';
import { LoadingScreen } from '@/components/feedback/loading-screen';
import { useGetServicesQuery } from '../api/get-services';
import { ServiceGrid } from './service-grid';

const PREMIUM_SHOWN = 6;

/** Home page: only services priced above 70 (SPEC section 9), dearest first. */
export const PremiumServices = () => {
  // The API's min is inclusive; the strict "above" is applied here.
  const { data, isLoading, isError } = useGetServicesQuery({
    min: PREMIUM_PRICE_THRESHOLD,
    sort: '-price',
    limit: PREMIUM_SHOWN + 1,
  });
  const premium = (data?.data ?? [])
    .filter((service) => service.price > PREMIUM_PRICE_THRESHOLD)
    .slice(0, PREMIUM_SHOWN);

  return (
    <section aria-labelledby="premium-services-heading" className="mx-auto max-w-7xl space-y-8 px-4 py-16 sm:px-6">
      <header className="space-y-2 text-center">
        <h2 id="premium-services-heading" className="font-bold text-3xl tracking-tight sm:text-4xl">
          Premium Car Wash Services
        </h2>
        <p className="text-muted-foreground">Our most complete treatments, for a finish that lasts.</p>
      </header>
      {isLoading ? <LoadingScreen /> : null}
      {isError ? (
        <p className="text-center text-muted-foreground">Premium services are unavailable right now.</p>
      ) : null}
      {premium.length > 0 ? <ServiceGrid services={premium} label="Premium services" /> : null}
    </section>
  );
};
