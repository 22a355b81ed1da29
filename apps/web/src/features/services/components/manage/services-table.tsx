import type { Service } from '@carcare/contracts/services';
import { formatDistanceToNow } from 'date-fns';
import { PencilIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { formatDurationMin, previewDescription } from '../../service-format';
import { DeleteServiceDialog } from './delete-service-dialog';
import { ServiceFormDialog } from './service-form-dialog';

type ServicesTableProps = { services: Service[] };

const relativeTime = (createdAt: string) => formatDistanceToNow(new Date(createdAt), { addSuffix: true });

/** SPEC section 2, Service Management: Name, Description, Duration, Price, Created, Actions. */
export const ServicesTable = ({ services }: ServicesTableProps) => {
  const currency = useCurrency();
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Description</TableHead>
          <TableHead>Duration</TableHead>
          <TableHead>Price</TableHead>
          <TableHead>Created</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {services.length === 0 ? (
          <TableRow>
            <TableCell colSpan={6} className="py-10 text-center text-muted-foreground">
              No services found.
            </TableCell>
          </TableRow>
        ) : null}
        {services.map((service) => (
          <TableRow key={service._id}>
            <TableCell className="font-medium">{service.name}</TableCell>
            <TableCell className="text-muted-foreground" title={service.description}>
              {previewDescription(service.description)}
            </TableCell>
            <TableCell>{formatDurationMin(service.duration)}</TableCell>
            <TableCell>{formatPrice(service.price, currency)}</TableCell>
            <TableCell className="text-muted-foreground">
              <time dateTime={service.createdAt}>{relativeTime(service.createdAt)}</time>
            </TableCell>
            <TableCell className="text-right">
              <div className="inline-flex gap-1">
                <ServiceFormDialog
                  service={service}
                  trigger={
                    <Button size="icon" variant="ghost" className="size-8" aria-label={`Edit ${service.name}`}>
                      <PencilIcon />
                    </Button>
                  }
                />
                <DeleteServiceDialog service={service} />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
