import { GiftIcon } from 'lucide-react';
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
import { MEMBERS_WORDS } from '../members-words';
import { GiveMembershipForm } from './give-membership-form';

/** Give a membership: the dialog closes once it is given, and opens again on an empty form. */
export const GiveMembershipDialog = () => {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <GiftIcon aria-hidden="true" />
          {MEMBERS_WORDS.give}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{MEMBERS_WORDS.give}</DialogTitle>
          <DialogDescription>{MEMBERS_WORDS.giveDescription}</DialogDescription>
        </DialogHeader>
        <GiveMembershipForm onGiven={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
};
