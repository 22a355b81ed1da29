import type { ServiceName } from '@carcare/contracts/services';
import { PlusIcon } from 'lucide-react';
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
import { useCreateBay } from '../hooks/use-create-bay';
import { AddBayForm } from './add-bay-form';

/** Add Bay: the dialog closes once the bay is added. */
export const AddBayDialog = ({ services }: { services: readonly ServiceName[] }) => {
  const [open, setOpen] = useState(false);
  const createBay = useCreateBay();

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <PlusIcon aria-hidden="true" />
          Add Bay
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Bay</DialogTitle>
          <DialogDescription>The new bay takes bookings at once, after the others in order.</DialogDescription>
        </DialogHeader>
        <AddBayForm
          services={services}
          onSubmit={async (values) => {
            if (await createBay(values)) setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
};
