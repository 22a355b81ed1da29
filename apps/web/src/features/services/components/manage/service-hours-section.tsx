import { closedWeek, type WeeklyHours } from '@carcare/contracts/shop-settings';
import { SERVICE_HOURS_MESSAGES } from '@carcare/contracts/shop-settings-constants';
import { LoaderCircleIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { hoursProblems } from '@/components/forms/weekly-hours';
import { WeeklyHoursEditor } from '@/components/forms/weekly-hours-editor';
import { Button } from '@/components/ui/button';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { useGetPublicConfigQuery } from '@/lib/api/get-public-config';
import { toastError } from '@/lib/toast-message';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useGetServiceHoursQuery, useUpdateServiceHoursMutation } from '../../api/service-hours';

const SAVE_FAILED = 'The service hours could not be saved, please try again';
const LOAD_FAILED = 'The service hours could not be loaded, please try again';

type Mode = 'shop' | 'own';

/** The radio buttons and the editor, once the saved hours are known. */
const ServiceHoursForm = ({ serviceId, saved }: { serviceId: string; saved: WeeklyHours | null }) => {
  const { data: config } = useGetPublicConfigQuery();
  const [updateHours, { isLoading }] = useUpdateServiceHoursMutation();
  const [mode, setMode] = useState<Mode>(saved ? 'own' : 'shop');
  // A service starts its own hours from the shop's: it can only narrow them.
  const [hours, setHours] = useState<WeeklyHours>(saved ?? config?.hours ?? closedWeek());
  const valid = mode === 'shop' || Object.keys(hoursProblems(hours)).length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    const next = mode === 'shop' ? null : hours;
    try {
      const response = await updateHours({ id: serviceId, hours: next }).unwrap();
      toast.success(response.message || (next ? SERVICE_HOURS_MESSAGES.updated : SERVICE_HOURS_MESSAGES.cleared));
    } catch (error) {
      toastError({ title: (isFetchBaseQueryError(error) ? serverMessage(error) : null) ?? SAVE_FAILED });
    }
  };

  const radio = (value: Mode, label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="radio"
        name={`service-hours-mode-${serviceId}`}
        value={value}
        checked={mode === value}
        onChange={() => setMode(value)}
        className="size-4 accent-primary"
      />
      {label}
    </label>
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <fieldset className="space-y-2">
        <legend className="sr-only">Which hours the service is offered in</legend>
        {radio('shop', "Follow the shop's hours")}
        {radio('own', 'Its own hours')}
      </fieldset>
      {mode === 'own' ? (
        <>
          <p className="text-muted-foreground text-xs">Offered only where these hours and the shop's both are open.</p>
          <WeeklyHoursEditor id={`service-hours-${serviceId}`} value={hours} onChange={setHours} />
        </>
      ) : null}
      <Button type="submit" variant="outline" disabled={isLoading || !valid} className="w-full sm:w-auto">
        {isLoading ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
        Save service hours
      </Button>
    </form>
  );
};

/**
 * Service hours, in the edit dialog: the service follows the shop's hours, or has its own inside them (a
 * service only offered Tuesday to Saturday mornings). Saved on their own with `PUT /api/services/:id/hours`.
 */
export const ServiceHoursSection = ({ serviceId }: { serviceId: string }) => {
  const { data: saved, isLoading, isError } = useGetServiceHoursQuery(serviceId);
  return (
    <section aria-labelledby={`service-hours-${serviceId}-title`} className="space-y-3 border-t pt-4">
      <h3 id={`service-hours-${serviceId}-title`} className="font-semibold">
        Service hours
      </h3>
      {isLoading ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? (
        <p role="alert" className="text-destructive text-sm">
          {LOAD_FAILED}
        </p>
      ) : null}
      {saved !== undefined ? <ServiceHoursForm serviceId={serviceId} saved={saved} /> : null}
    </section>
  );
};
