import type { ServiceDetail } from '@carcare/contracts/services';
import { useEffect, useState } from 'react';
import { useHydrated } from '@/lib/ssr/use-hydrated';
import { addOnIds, type BookingJob } from '../booking-job';
import { useBookingSource } from '../booking-source';
import { initialBookingState } from '../booking-state';

/** How long the choice must rest before the price and the times are asked again (a few ticks in a row: once). */
const SETTLE_MS = 300;

const keyOf = (job: BookingJob) => [job.vehicle, job.vehicleClass, job.addOns].join('|');
const jobOf = (key: string): BookingJob => {
  const [vehicle = '', vehicleClass = '', addOns = ''] = key.split('|');
  return { vehicle, vehicleClass, addOns };
};

/**
 * The job the service page prices and offers times for: the chosen vehicle (signed in, still in the garage) or
 * class (until one is chosen, the customer's first vehicle, or the shop's default class), and the ticked
 * add-ons the service offers. `settled` is the
 * job once it has rested, which the quote and the slot queries use; null until the classes are known.
 */
export const useJobChoice = (service: ServiceDetail) => {
  const source = useBookingSource();
  const update = source.useUpdateChoice();
  // The server draws the page for a visitor with nothing chosen; the browser's first render must match it.
  const hydrated = useHydrated();
  const signedIn = source.useSignedIn() && hydrated;
  const kept = source.useChoice();
  const stored = hydrated ? kept : initialBookingState;
  const { data: classes, isError: classesFailed } = source.useClasses();
  const { data: vehicles, isError: vehiclesFailed } = source.useVehicles(signedIn);

  // Nothing chosen yet: a customer with a garage books their first vehicle, anyone else the default class.
  const nothingChosen = stored.vehicle === '' && stored.vehicleClass === '';
  const vehicle = !signedIn
    ? undefined
    : stored.vehicle
      ? vehicles?.find((each) => each._id === stored.vehicle)
      : nothingChosen
        ? vehicles?.[0]
        : undefined;
  const storedClass = classes?.find((each) => each._id === stored.vehicleClass);
  const classId = vehicle
    ? vehicle.vehicleClass._id
    : ((storedClass ?? classes?.find((each) => each.isDefault) ?? classes?.[0])?._id ?? '');
  const offered = new Set(service.addOns.map((each) => each._id));
  const addOns = addOnIds(stored).filter((id) => offered.has(id));
  const job: BookingJob = {
    vehicle: vehicle?._id ?? '',
    vehicleClass: vehicle ? '' : classId,
    addOns: addOns.join(','),
  };

  // A stored vehicle, or none chosen yet, waits for the garage: the job is not priced by a class the customer
  // did not choose.
  const waitsForGarage =
    signedIn && (stored.vehicle !== '' || nothingChosen) && vehicles === undefined && !vehiclesFailed;
  const ready = (classes !== undefined || classesFailed) && !waitsForGarage;
  const key = keyOf(job);
  const [rested, setRested] = useState<string | null>(null);
  useEffect(() => {
    if (!ready) return;
    const timer = window.setTimeout(() => setRested(key), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [key, ready]);
  // The first job known is used at once; later changes once they have rested.
  const settledKey = rested ?? (ready ? key : null);

  return {
    classes: classes ?? [],
    vehicles: signedIn ? vehicles : undefined,
    /** The class the job is priced by, for the add-ons' prices. */
    classId,
    job,
    settled: settledKey === null ? null : jobOf(settledKey),
    /** The choice has changed since it last rested: what is shown is about to follow it. */
    changing: settledKey !== key,
    choose: (change: Partial<BookingJob>) => update({ ...job, ...change }),
  };
};
