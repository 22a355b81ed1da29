import type { Vehicle } from '@carcare/contracts/vehicles';
import { GARAGE_WORDS } from '@carcare/contracts/vehicles-constants';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { PageHeading } from '@/components/feedback/page-heading';
import { Button } from '@/components/ui/button';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useGetOfferedVehicleClassesQuery } from '../api/get-vehicle-classes';
import { useGetVehiclesQuery } from '../api/get-vehicles';
import { VehicleCard } from '../components/vehicle-card';
import { VehicleFormDialog } from '../components/vehicle-form-dialog';

/** What the dialog is doing: adding a vehicle, editing one, or closed. */
type Editing = { vehicle?: Vehicle } | null;

/** My Vehicles: the signed-in customer's garage, as cards, with Add a vehicle, edit and remove. */
export const MyVehiclesPage = () => {
  const { data: vehicles, isLoading, isError } = useGetVehiclesQuery();
  const { data: classes = [] } = useGetOfferedVehicleClassesQuery();
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading title={GARAGE_WORDS.title} description={GARAGE_WORDS.subtitle} />
        <Button onClick={() => setEditing({})} disabled={classes.length === 0}>
          <PlusIcon aria-hidden="true" />
          {GARAGE_WORDS.add}
        </Button>
      </div>
      {isLoading ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? <p className="text-destructive">{GARAGE_WORDS.loadFailed}</p> : null}
      {vehicles?.length === 0 ? <p className="text-muted-foreground">{GARAGE_WORDS.empty}</p> : null}
      {vehicles && vehicles.length > 0 ? (
        <ul aria-label={GARAGE_WORDS.title} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {vehicles.map((vehicle) => (
            <li key={vehicle._id} className="flex min-w-0">
              <VehicleCard vehicle={vehicle} onEdit={(chosen) => setEditing({ vehicle: chosen })} />
            </li>
          ))}
        </ul>
      ) : null}
      <VehicleFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        classes={classes}
        vehicle={editing?.vehicle}
      />
    </div>
  );
};
