import { VEHICLE_CLASS_SCREEN } from '@carcare/contracts/vehicles-constants';
import { PageHeading } from '@/components/feedback/page-heading';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useGetAllVehicleClassesQuery } from '../api/get-all-vehicle-classes';
import { AddVehicleClassDialog } from '../components/add-vehicle-class-dialog';
import { VehicleClassList } from '../components/vehicle-class-list';

/** The shop's vehicle classes: what services are priced and timed by, offered to customers in this order. */
export const VehicleClassesPage = () => {
  const { data: classes, isLoading, isFetching, isError } = useGetAllVehicleClassesQuery();

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading title={VEHICLE_CLASS_SCREEN.title} description={VEHICLE_CLASS_SCREEN.description} />
        <AddVehicleClassDialog />
      </div>
      {isLoading ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? (
        <p role="alert" className="text-destructive">
          {VEHICLE_CLASS_SCREEN.listFailed}
        </p>
      ) : null}
      {classes ? (
        <div aria-busy={isFetching}>
          <VehicleClassList classes={classes} />
        </div>
      ) : null}
    </div>
  );
};
