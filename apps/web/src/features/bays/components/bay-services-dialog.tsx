import type { Bay } from '@carcare/contracts/bays';
import type { ServiceName } from '@carcare/contracts/services';
import { ListChecksIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { BayServicesForm } from './bay-services-form';

type BayServicesDialogProps = { bay: Bay; services: readonly ServiceName[] };

/** Limit a bay to some services; the dialog closes once the list is saved. */
export const BayServicesDialog = ({ bay, services }: BayServicesDialogProps) => {
  const [open, setOpen] = useState(false);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="icon" variant="ghost" className="size-8" aria-label={`Edit services of ${bay.name}`}>
          <ListChecksIcon />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Services of {bay.name}</DialogTitle>
          <DialogDescription>Bookings of the checked services may use this bay.</DialogDescription>
        </DialogHeader>
        <BayServicesForm bay={bay} services={services} onSaved={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
};
