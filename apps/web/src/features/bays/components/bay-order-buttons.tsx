import type { Bay } from '@carcare/contracts/bays';
import { ArrowDownIcon, ArrowUpIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useUpdateBay } from '../hooks/use-update-bay';

type BayOrderButtonsProps = { bay: Bay; position: number; count: number };

/** Swap places with the bay above or below: the server moves this one and renumbers the rest. */
export const BayOrderButtons = ({ bay, position, count }: BayOrderButtonsProps) => {
  const { save, isSaving } = useUpdateBay(bay);
  const moveTo = async (sortOrder: number) => {
    await save({ sortOrder });
  };

  return (
    <>
      <Button
        size="icon"
        variant="ghost"
        className="size-8"
        aria-label={`Move ${bay.name} up`}
        disabled={isSaving || position === 1}
        onClick={() => moveTo(position - 1)}
      >
        <ArrowUpIcon />
      </Button>
      <Button
        size="icon"
        variant="ghost"
        className="size-8"
        aria-label={`Move ${bay.name} down`}
        disabled={isSaving || position === count}
        onClick={() => moveTo(position + 1)}
      >
        <ArrowDownIcon />
      </Button>
    </>
  );
};
