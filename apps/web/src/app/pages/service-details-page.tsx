import { useParams } from 'react-router';
import { SlotBooking } from '@/features/bookings/components/slot-booking';
import { useGetOfferedVehicleClassesQuery } from '@/features/garage/api/get-vehicle-classes';
import { ServiceDetails } from '@/features/services/components/service-details';

/** SPEC section 2, "/service/{id}": the service (services feature) and booking it (bookings feature). */
export const ServiceDetailsPage = () => {
  const { id = '' } = useParams();
  // Asked with the service, not after it: the times offered depend on the class, and the server draws them.
  useGetOfferedVehicleClassesQuery();
  return <ServiceDetails serviceId={id} renderBooking={(service) => <SlotBooking service={service} />} />;
};
