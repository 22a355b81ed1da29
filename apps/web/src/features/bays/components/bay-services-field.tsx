import { BAY_MESSAGES } from '@carcare/contracts/bays-constants';
import type { ServiceName } from '@carcare/contracts/services';
import { CheckboxList } from '@/components/forms/checkbox-list';

type BayServicesFieldProps = {
  id: string;
  services: readonly ServiceName[];
  value: readonly string[];
  onChange: (serviceIds: string[]) => void;
  error?: string;
};

/** The services a bay is limited to, as checkboxes: none checked, it serves every service. */
export const BayServicesField = ({ id, services, value, onChange, error }: BayServicesFieldProps) => (
  <CheckboxList
    id={id}
    legend="Services"
    noneMeans={BAY_MESSAGES.everyService}
    options={services.map((service) => ({ value: service._id, label: service.name }))}
    value={value}
    onChange={onChange}
    status={services.length === 0 ? 'No services yet' : undefined}
    error={error}
  />
);
