import type { Bay } from '@carcare/contracts/bays';
import { PencilIcon } from 'lucide-react';
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
import { useUpdateBay } from '../hooks/use-update-bay';
import { RenameBayForm } from './rename-bay-form';

/** Rename: the dialog closes once the new name is saved, and stays open on a refusal (a taken name). */
export const RenameBayDialog = ({ bay }: { bay: Bay }) => {
  const [open, setOpen] = useState(false);
  const { save } = useUpdateBay(bay);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="icon" variant="ghost" className="size-8" aria-label={`Rename ${bay.name}`}>
          <PencilIcon />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rename Bay</DialogTitle>
          <DialogDescription>Give {bay.name} a new name.</DialogDescription>
        </DialogHeader>
        <RenameBayForm
          name={bay.name}
          onSubmit={async (changes) => {
            if (await save(changes)) setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
};
