import { BAY_MESSAGES } from '@carcare/contracts/bays-constants';
import type { Service } from '@carcare/contracts/services';
import { type ReactNode, useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { useGetBaysQuery } from '@/lib/api/get-bays';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useCurrency } from '@/lib/use-currency';
import { useSaveService } from '../../hooks/use-save-service';
import { ServiceForm } from './service-form';
import { ServiceHoursSection } from './service-hours-section';
import { ServicePricesSection } from './service-prices-section';

type ServiceFormDialogProps = {
  /** The service to edit; absent for Add Service. */
  service?: Service;
  trigger: ReactNode;
};

const TEXTS = {
  add: { title: 'Add New Service', description: 'Fill out the form to create a new service.' },
  edit: { title: 'Update Service Details', description: 'Fill out the form to update service.' },
} as const;

/**
 * The add and edit dialogs; they close once the service is saved. Editing also sets the service's prices by
 * vehicle class and its own hours.
 */
export const ServiceFormDialog = ({ service, trigger }: ServiceFormDialogProps) => {
  const [open, setOpen] = useState(false);
  const save = useSaveService(service);
  const currency = useCurrency();
  const { data: bays, isLoading: baysLoading, isError: baysFailed } = useGetBaysQuery(undefined, { skip: !open });
  const texts = service ? TEXTS.edit : TEXTS.add;
  const baysStatus = baysLoading ? UI_MESSAGES.loadingScreen : baysFailed ? BAY_MESSAGES.listFailed : undefined;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        <ServiceForm
          service={service}
          currency={currency}
          bays={bays ?? []}
          baysStatus={baysStatus}
          onSubmit={async (values) => {
            if (await save(values)) setOpen(false);
          }}
        />
        {service ? <ServicePricesSection serviceId={service._id} currency={currency} /> : null}
        {service ? <ServiceHoursSection serviceId={service._id} /> : null}
      </DialogContent>
    </Dialog>
  );
};
