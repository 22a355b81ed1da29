import { useParams } from 'react-router';
import { SlotBooking } from '@/features/bookings/components/slot-booking';
import { ServiceDetails } from '@/features/services/components/service-details';

/** SPEC section 2, "/service/{id}": the service (services feature) and booking it (bookings feature). */
export const ServiceDetailsPage = () => {
  const { id = '' } = useParams();
  return <ServiceDetails serviceId={id} renderBooking={(service) => <SlotBooking service={service} />} />;
};
