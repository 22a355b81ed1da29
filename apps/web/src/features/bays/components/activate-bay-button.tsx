import type { Bay } from '@carcare/contracts/bays';
import { Button } from '@/components/ui/button';
import { useUpdateBay } from '../hooks/use-update-bay';

/** Activation needs no confirmation: it only adds a place for bookings. */
export const ActivateBayButton = ({ bay }: { bay: Bay }) => {
  const { save, isSaving } = useUpdateBay(bay);
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={`Activate ${bay.name}`}
      disabled={isSaving}
      onClick={async () => {
        await save({ active: true });
      }}
    >
      Activate
    </Button>
  );
};
