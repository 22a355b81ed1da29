import type { Service } from '@carcare/contracts/services';
import type { ReactNode } from 'react';
import { PublicPage } from '@/components/layout/public-page';

type ServiceDetailsProps = {
  serviceId: string;
  /** What the page shows under the service to book it (from the bookings feature). */
  renderBooking: (service: Service) => ReactNode;
};

/** Being built: fetches the service, shows it, its Compare toggle, then `renderBooking(service)`. */
export const ServiceDetails = (_props: ServiceDetailsProps) => <PublicPage title="Service Details" />;
