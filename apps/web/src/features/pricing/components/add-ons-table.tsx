import type { AddOn } from '@carcare/contracts/add-ons';
import { ADD_ON_SCREEN } from '@carcare/contracts/add-ons-constants';
import type { ServiceName } from '@carcare/contracts/services';
import type { VehicleClass } from '@carcare/contracts/vehicles';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { AddOnRowActions } from './add-on-row-actions';
import { offeredWith, ownPrices } from './add-on-words';

type AddOnsTableProps = {
  addOns: readonly AddOn[];
  services: readonly ServiceName[];
  classes: readonly VehicleClass[];
};

const StatusBadge = ({ active }: { active: boolean }) => (
  <Badge variant={active ? 'default' : 'outline'}>{active ? 'Active' : 'Inactive'}</Badge>
);

/** The add-ons on a wide screen: name, price, minutes, the services it is offered with, active, and its actions. */
export const AddOnsTable = ({ addOns, services, classes }: AddOnsTableProps) => {
  const currency = useCurrency();
  return (
    <Table aria-label={ADD_ON_SCREEN.title}>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Price</TableHead>
          <TableHead>Minutes</TableHead>
          <TableHead>Services</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {addOns.map((addOn) => (
          <TableRow key={addOn._id}>
            <TableCell className="max-w-56 whitespace-normal font-medium">{addOn.name}</TableCell>
            <TableCell>
              <div>{formatPrice(addOn.price, currency)}</div>
              {ownPrices(addOn) ? <div className="text-muted-foreground text-xs">{ownPrices(addOn)}</div> : null}
            </TableCell>
            <TableCell className="tabular-nums">+{addOn.minutes} min</TableCell>
            <TableCell className="max-w-64 whitespace-normal text-muted-foreground">
              {offeredWith(addOn, services)}
            </TableCell>
            <TableCell>
              <StatusBadge active={addOn.active} />
            </TableCell>
            <TableCell className="text-right">
              <AddOnRowActions addOn={addOn} services={services} classes={classes} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/** The add-ons on a phone: one card each, nothing wider than the screen. */
export const AddOnCards = ({ addOns, services, classes }: AddOnsTableProps) => {
  const currency = useCurrency();
  return (
    <ul aria-label={ADD_ON_SCREEN.title} className="space-y-3">
      {addOns.map((addOn) => (
        <li key={addOn._id} aria-label={addOn.name} className="space-y-2 rounded-xl border bg-card p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="break-words font-medium">{addOn.name}</span>
            <StatusBadge active={addOn.active} />
          </div>
          <p className="text-sm">
            {formatPrice(addOn.price, currency)} · +{addOn.minutes} min
            {ownPrices(addOn) ? <span className="text-muted-foreground"> · {ownPrices(addOn)}</span> : null}
          </p>
          <p className="break-words text-muted-foreground text-sm">{offeredWith(addOn, services)}</p>
          <AddOnRowActions addOn={addOn} services={services} classes={classes} />
        </li>
      ))}
    </ul>
  );
};
