import type { Bay } from '@carcare/contracts/bays';
import type { ServiceName } from '@carcare/contracts/services';
import { type FormEvent, useState } from 'react';
import { DialogFormFooter } from '@/components/forms/dialog-form-footer';
import { useUpdateBay } from '../hooks/use-update-bay';
import { BayServicesField } from './bay-services-field';

type BayServicesFormProps = { bay: Bay; services: readonly ServiceName[]; onSaved: () => void };

/** Which services the bay is limited to; saving sends the checked ids (none: every service). */
export const BayServicesForm = ({ bay, services, onSaved }: BayServicesFormProps) => {
  const [chosen, setChosen] = useState<readonly string[]>(bay.services);
  const { save, isSaving } = useUpdateBay(bay);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await save({ services: [...chosen] })) onSaved();
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <BayServicesField id={`bay-services-${bay._id}`} services={services} value={chosen} onChange={setChosen} />
      <DialogFormFooter submitLabel="Save Services" submitting={isSaving} />
    </form>
  );
};
