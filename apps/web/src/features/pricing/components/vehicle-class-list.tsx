import type { VehicleClass } from '@carcare/contracts/vehicles';
import { VEHICLE_CLASS_SCREEN } from '@carcare/contracts/vehicles-constants';
import { Badge } from '@/components/ui/badge';
import { VehicleClassActions } from './vehicle-class-actions';

const byOrder = (first: VehicleClass, second: VehicleClass) => first.sortOrder - second.sortOrder;

/** A class's name with its badges and description. */
const ClassSummary = ({ vehicleClass }: { vehicleClass: VehicleClass }) => (
  <div className="min-w-0 space-y-1">
    <div className="flex flex-wrap items-center gap-2">
      <span className="break-words font-medium">{vehicleClass.name}</span>
      {vehicleClass.isDefault ? <Badge>{VEHICLE_CLASS_SCREEN.defaultBadge}</Badge> : null}
      {vehicleClass.active ? null : <Badge variant="outline">{VEHICLE_CLASS_SCREEN.archivedBadge}</Badge>}
    </div>
    {vehicleClass.description ? (
      <p className="break-words text-muted-foreground text-sm">{vehicleClass.description}</p>
    ) : null}
  </div>
);

/**
 * The live classes in the shop's order, each a card whose actions wrap under it on a narrow screen, then the
 * archived ones, which bookings still name.
 */
export const VehicleClassList = ({ classes }: { classes: readonly VehicleClass[] }) => {
  const live = classes.filter((each) => each.active).sort(byOrder);
  const archived = classes.filter((each) => !each.active).sort(byOrder);

  return (
    <div className="space-y-6">
      {live.length === 0 ? <p className="text-center text-muted-foreground">{VEHICLE_CLASS_SCREEN.empty}</p> : null}
      <ol aria-label={VEHICLE_CLASS_SCREEN.title} className="divide-y rounded-xl border bg-card">
        {live.map((vehicleClass, index) => (
          <li
            key={vehicleClass._id}
            aria-label={vehicleClass.name}
            className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <ClassSummary vehicleClass={vehicleClass} />
            <VehicleClassActions vehicleClass={vehicleClass} position={index + 1} count={live.length} />
          </li>
        ))}
      </ol>
      {archived.length > 0 ? (
        <section aria-labelledby="archived-vehicle-classes" className="space-y-2">
          <h2 id="archived-vehicle-classes" className="font-semibold text-muted-foreground text-sm">
            Archived
          </h2>
          <ul aria-label="Archived classes" className="divide-y rounded-xl border">
            {archived.map((vehicleClass) => (
              <li key={vehicleClass._id} aria-label={vehicleClass.name} className="p-4">
                <ClassSummary vehicleClass={vehicleClass} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
};
