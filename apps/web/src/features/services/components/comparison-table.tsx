import { Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import type { ComparedService } from '../comparison-store';

type ComparisonTableProps = { services: ComparedService[]; onRemove: (id: string) => void };

/** The selected services side by side: id, name, price in the business's currency and duration in minutes. */
export const ComparisonTable = ({ services, onRemove }: ComparisonTableProps) => {
  const currency = useCurrency();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th className="p-2 font-medium">Id</th>
            <th className="p-2 font-medium">Name</th>
            <th className="p-2 font-medium">Price</th>
            <th className="p-2 font-medium">Duration</th>
            <th className="p-2 font-medium">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {services.map((service) => (
            <tr key={service.id} className="border-b last:border-0">
              <td className="max-w-28 truncate p-2 font-mono text-muted-foreground text-xs" title={service.id}>
                {service.id}
              </td>
              <td className="p-2 font-medium">{service.name}</td>
              <td className="p-2">{formatPrice(service.price, currency)}</td>
              <td className="whitespace-nowrap p-2">{service.duration} minutes</td>
              <td className="p-2 text-right">
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-8 text-destructive hover:text-destructive"
                  aria-label={`Remove ${service.name} from comparison`}
                  onClick={() => onRemove(service.id)}
                >
                  <Trash2Icon />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
