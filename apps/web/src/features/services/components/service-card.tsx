import type { Service } from '@carcare/contracts/services';
import { ClockIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { formatPrice } from '@/lib/format-price';
import { paths } from '@/lib/paths';
import { useCurrency } from '@/lib/use-currency';
import { cn } from '@/lib/utils';
import { CompareToggle } from './compare-toggle';

type ServiceCardProps = { service: Service };

/** Name, a truncated description, price and duration, with Compare and Book Now. */
export const ServiceCard = ({ service }: ServiceCardProps) => {
  const currency = useCurrency();
  return (
    <article className="flex flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm transition-shadow hover:shadow-md">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-semibold text-lg leading-tight">{service.name}</h3>
        <p className="shrink-0 font-bold text-lg text-primary">{formatPrice(service.price, currency)}</p>
      </div>
      <p className="line-clamp-3 flex-1 text-muted-foreground text-sm">{service.description}</p>
      <p className="inline-flex items-center gap-1.5 text-muted-foreground text-sm">
        <ClockIcon className="size-4" aria-hidden="true" />
        {service.duration} mins
      </p>
      <div className="flex flex-wrap gap-2">
        <CompareToggle service={service} className="flex-1" />
        <Link
          to={paths.serviceDetails.href(service._id)}
          aria-label={`Book Now: ${service.name}`}
          className={cn(buttonVariants(), 'flex-1')}
        >
          Book Now
        </Link>
      </div>
    </article>
  );
};
