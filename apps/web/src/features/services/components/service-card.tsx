import type { Service } from '@carcare/contracts/services';
import { SERVICE_MESSAGES } from '@carcare/contracts/services-constants';
import { ClockIcon } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { formatPrice } from '@/lib/format-price';
import { Island } from '@/lib/islands/island';
import { paths } from '@/lib/paths';
import { useCurrency } from '@/lib/use-currency';
import { cn } from '@/lib/utils';
import { toComparedService } from '../comparison-store';
import { CompareToggle } from './compare-toggle';

/** A catalogue entry: with `priceFrom`, the lowest price a vehicle class pays. */
type ServiceCardProps = { service: Service & { priceFrom?: number } };

/** Name, a truncated description, price ("from $X" too when a class pays less) and duration, with Compare and Book Now. */
export const ServiceCard = ({ service }: ServiceCardProps) => {
  const currency = useCurrency();
  return (
    <article className="flex flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm transition-shadow hover:shadow-md">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-semibold text-lg leading-tight">{service.name}</h3>
        <div className="shrink-0 text-right">
          <p className="font-bold text-lg text-primary">{formatPrice(service.price, currency)}</p>
          {service.priceFrom !== undefined && service.priceFrom !== service.price ? (
            <p className="text-muted-foreground text-xs">
              {SERVICE_MESSAGES.priceFrom(formatPrice(service.priceFrom, currency))}
            </p>
          ) : null}
        </div>
      </div>
      <p className="line-clamp-3 flex-1 text-muted-foreground text-sm">{service.description}</p>
      <p className="inline-flex items-center gap-1.5 text-muted-foreground text-sm">
        <ClockIcon className="size-4" aria-hidden="true" />
        {service.duration} mins
      </p>
      <div className="flex flex-wrap gap-2">
        <Island
          name="compare-toggle"
          component={CompareToggle}
          props={{ service: toComparedService(service), className: 'flex-1' }}
        />
        {/* A plain link, as between all public pages: the card is drawn in the catalogue's island too. */}
        <a
          href={paths.serviceDetails.href(service._id)}
          aria-label={`Book Now: ${service.name}`}
          className={cn(buttonVariants(), 'flex-1')}
        >
          Book Now
        </a>
      </div>
    </article>
  );
};
