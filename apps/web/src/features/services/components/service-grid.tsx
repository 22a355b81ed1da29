import type { Service } from '@carcare/contracts/services';
import { ServiceCard } from './service-card';

type ServiceGridProps = { services: Service[]; label: string };

export const ServiceGrid = ({ services, label }: ServiceGridProps) => (
  <ul aria-label={label} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
    {services.map((service) => (
      <li key={service._id} className="flex *:flex-1">
        <ServiceCard service={service} />
      </li>
    ))}
  </ul>
);
