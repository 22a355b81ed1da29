import { plateText, vehicleName } from '@carcare/contracts/vehicles-constants';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetVehiclesQuery } from '@/features/garage/api/get-vehicles';

/** The chosen garage vehicle as the summary names it ("Family SUV · ABC123 · CA"); undefined without one. */
export const useJobVehicle = (vehicleId: string) => {
  const { data: vehicles } = useGetVehiclesQuery(vehicleId ? undefined : skipToken);
  const vehicle = vehicles?.find((each) => each._id === vehicleId);
  if (!vehicle) return undefined;
  return [vehicleName(vehicle), plateText(vehicle)].filter(Boolean).join(' · ');
};
