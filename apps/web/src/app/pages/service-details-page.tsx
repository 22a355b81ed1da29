import { useParams } from 'react-router';
import { SlotBooking } from '@/features/bookings/components/slot-booking';
import { useGetOfferedVehicleClassesQuery } from '@/features/garage/api/get-vehicle-classes';
import { ServiceDetails } from '@/features/services/components/service-details';
import { JoinWaitlist } from '@/features/waitlist/components/join-waitlist';
import { Island } from '@/lib/islands/island';

/**
 * SPEC section 2, "/service/{id}": the service (services feature), booking it (bookings feature), and joining
 * its waitlist when no time suits (waitlist feature). Served as islands (decision 049): for a visitor, the
 * booking (vehicle, add-ons, price, calendar, times, Book This Service) hydrates as an island of its own when
 * the visitor comes to it, and the waitlist's line is a plain link to sign in.
 */
export const ServiceDetailsPage = () => {
  const { id = '' } = useParams();
  // Asked with the service, not after it: the times offered depend on the class, and the server draws them.
  useGetOfferedVehicleClassesQuery();
  return (
    <ServiceDetails
      serviceId={id}
      renderBooking={(service) => (
        <>
          <Island name="service-booking" component={SlotBooking} props={{ service }} hydrate="when-reached" />
          <section aria-label="Waitlist" className="rounded-lg border bg-card p-4 sm:p-6">
            <JoinWaitlist serviceId={service._id} addOns={service.addOns} />
          </section>
        </>
      )}
    />
  );
};
