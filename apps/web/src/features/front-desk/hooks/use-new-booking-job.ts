import type { Customer } from '@carcare/contracts/front-desk';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import type { JobQuery } from '@/features/bookings/booking-job';
import { useGetOfferedVehicleClassesQuery } from '@/features/garage/api/get-vehicle-classes';
import { useGetServiceNamesQuery } from '@/lib/api/get-service-names';
import { useGetServiceAddOnsQuery } from '../api/service-add-ons';
import type { JobVehicle } from '../components/job-vehicle-select';

/**
 * The job the shop books: the service, the customer's car (their first until another is chosen) or a class (the
 * shop's default for a customer without a car), and the add-ons the service offers. `query` is the job as the
 * slot queries take it, by the car's class: the times offered are those where the whole job fits.
 */
export const useNewBookingJob = (customer: Customer | null) => {
  const { data: services } = useGetServiceNamesQuery();
  const { data: classes } = useGetOfferedVehicleClassesQuery();
  const [service, setService] = useState('');
  const [chosenVehicle, setChosenVehicle] = useState<JobVehicle | null>(null);
  const [ticked, setTicked] = useState<string[]>([]);
  const { data: offeredAddOns } = useGetServiceAddOnsQuery(service || skipToken);

  const defaultClass = classes?.find((each) => each.isDefault) ?? classes?.[0];
  const firstVehicle = customer?.vehicles[0];
  const vehicle: JobVehicle =
    chosenVehicle ??
    (firstVehicle
      ? { vehicle: firstVehicle._id, vehicleClass: '' }
      : { vehicle: '', vehicleClass: defaultClass?._id ?? '' });
  const classId = vehicle.vehicle
    ? (customer?.vehicles.find((each) => each._id === vehicle.vehicle)?.vehicleClass._id ?? '')
    : vehicle.vehicleClass;
  const offered = new Set((offeredAddOns ?? []).map((each) => each._id));
  const addOns = ticked.filter((each) => offered.has(each));
  const query: JobQuery | null = classes
    ? { ...(classId ? { vehicleClass: classId } : {}), ...(addOns.length > 0 ? { addOns: addOns.join(',') } : {}) }
    : null;

  return {
    services: services ?? [],
    classes: classes ?? [],
    offeredAddOns,
    service,
    vehicle,
    /** The class the job is priced by: the car's, or the one chosen. */
    classId,
    addOns,
    query,
    chooseService: (next: string) => {
      setService(next);
      setTicked([]);
    },
    chooseVehicle: setChosenVehicle,
    chooseAddOns: setTicked,
    /** Another customer: their own first car. */
    forgetVehicle: () => setChosenVehicle(null),
    reset: () => {
      setService('');
      setChosenVehicle(null);
      setTicked([]);
    },
  };
};

export type NewBookingJob = ReturnType<typeof useNewBookingJob>;
