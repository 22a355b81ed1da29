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
import { useGetServiceNamesQuery } from '@/lib/api/get-service-names';
import { useCreateSlots } from '../hooks/use-create-slots';
import { CreateSlotForm } from './create-slot-form';

/** Create New Slot: the dialog closes once slots were created. */
export const CreateSlotDialog = () => {
  const [open, setOpen] = useState(false);
  const { data: services = [] } = useGetServiceNamesQuery(undefined, { skip: !open });
  const createSlots = useCreateSlots(() => setOpen(false));

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <PlusIcon aria-hidden="true" />
          Create New Slot
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create New Slot</DialogTitle>
          <DialogDescription>
            Split a time range on one day into slots of the service's duration, each followed by its buffer.
          </DialogDescription>
        </DialogHeader>
        <CreateSlotForm services={services} onSubmit={createSlots} onCancel={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
};
