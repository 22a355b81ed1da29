import type { Bay } from '@carcare/contracts/bays';
import { BAY_MESSAGES } from '@carcare/contracts/bays-constants';
import type { ServiceName } from '@carcare/contracts/services';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ActivateBayButton } from './activate-bay-button';
import { BayOrderButtons } from './bay-order-buttons';
import { BayServicesDialog } from './bay-services-dialog';
import { DeactivateBayDialog } from './deactivate-bay-dialog';
import { RenameBayDialog } from './rename-bay-dialog';

type BaysTableProps = { bays: readonly Bay[]; services: readonly ServiceName[] };

/** The bays in the shop's order: name, Active or Inactive, the services each serves, and its actions. */
export const BaysTable = ({ bays, services }: BaysTableProps) => {
  const nameOf = new Map(services.map((service) => [service._id, service.name]));
  const served = (bay: Bay) =>
    bay.services.length === 0
      ? BAY_MESSAGES.everyService
      : bay.services.flatMap((id) => nameOf.get(id) ?? []).join(', ');

  return (
    <Table aria-label="Bays">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Services</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {bays.length === 0 ? (
          <TableRow>
            <TableCell colSpan={4} className="py-10 text-center text-muted-foreground">
              No bays yet.
            </TableCell>
          </TableRow>
        ) : null}
        {bays.map((bay, index) => (
          <TableRow key={bay._id}>
            <TableCell className="font-medium">{bay.name}</TableCell>
            <TableCell>
              <Badge variant={bay.active ? 'default' : 'outline'}>{bay.active ? 'Active' : 'Inactive'}</Badge>
            </TableCell>
            <TableCell className="text-muted-foreground">{served(bay)}</TableCell>
            <TableCell className="text-right">
              <div className="inline-flex items-center gap-1">
                <BayOrderButtons bay={bay} position={index + 1} count={bays.length} />
                <RenameBayDialog bay={bay} />
                <BayServicesDialog bay={bay} services={services} />
                {bay.active ? <DeactivateBayDialog bay={bay} /> : <ActivateBayButton bay={bay} />}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
