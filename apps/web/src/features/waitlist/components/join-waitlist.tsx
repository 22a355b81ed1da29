import type { AddOnOffer } from '@carcare/contracts/add-ons';
import { vehicleName } from '@carcare/contracts/vehicles-constants';
import { joinWaitlistSchema, type WaitlistWindow } from '@carcare/contracts/waitlist';
import { WAITLIST_MAX_WINDOWS, WAITLIST_WORDS } from '@carcare/contracts/waitlist-constants';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input, inputClassName } from '@/components/ui/input';
import { businessToday } from '@/features/bookings/business-date';
import { AddOnChoice } from '@/features/bookings/components/add-on-choice';
import { useGetVehiclesQuery } from '@/features/garage/api/get-vehicles';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { useGetPublicConfigQuery } from '@/lib/api/get-public-config';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session/use-session';
import { toastError } from '@/lib/toast-message';
import { useJoinWaitlistMutation } from '../api/waitlist-api';

type JoinWaitlistProps = {
  serviceId: string;
  /** The add-ons the service offers: the job waited for may take some, as a booking would. */
  addOns?: readonly AddOnOffer[];
};

/** A window being filled in, with a key of its own for the list. */
type WindowRow = WaitlistWindow & { key: number };

let rowsMade = 0;
const windowOn = (date: string): WindowRow => {
  rowsMade += 1;
  return { key: rowsMade, date, from: '08:00', to: '17:00' };
};

/**
 * "Join the waitlist" beside a service's times: a signed-in customer names up to three days with a time
 * window each (and the car from their garage, and the service's add-ons), and is offered the first time long
 * enough for that job that frees up in them. A visitor is asked to sign in first.
 */
export const JoinWaitlist = ({ serviceId, addOns = [] }: JoinWaitlistProps) => {
  const formId = useId();
  const { user } = useSession();
  const customer = user?.role === 'user';
  const [open, setOpen] = useState(false);
  const { data: config } = useGetPublicConfigQuery();
  const firstDay = businessToday(config?.timeZone);
  const [windows, setWindows] = useState<WindowRow[]>([]);
  const [vehicle, setVehicle] = useState('');
  const [chosenAddOns, setChosenAddOns] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const { data: garage } = useGetVehiclesQuery(customer && open ? undefined : skipToken);
  const [join, { isLoading }] = useJoinWaitlistMutation();

  if (!customer) {
    return (
      <p className="text-sm">
        <Link to={paths.login} className="font-medium text-primary underline-offset-4 hover:underline">
          {WAITLIST_WORDS.signInToJoin}
        </Link>
      </p>
    );
  }
  const change = (index: number, field: keyof WaitlistWindow, value: string) =>
    setWindows((all) => all.map((window, at) => (at === index ? { ...window, [field]: value } : window)));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = joinWaitlistSchema.safeParse({
      service: serviceId,
      windows: windows.map(({ key: _key, ...window }) => window),
      vehicle: vehicle || undefined,
      addOns: chosenAddOns.length > 0 ? chosenAddOns : undefined,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    try {
      const { message } = await join(parsed.data).unwrap();
      toast.success(message);
      setOpen(false);
    } catch (error) {
      const message = isFetchBaseQueryError(error) && typeof error.status === 'number' ? serverMessage(error) : null;
      if (message) setProblem(message);
      else toastError({ title: WAITLIST_WORDS.loadFailed });
    }
  };

  if (!open) {
    return (
      <div className="space-y-2">
        <p className="text-muted-foreground text-sm">{WAITLIST_WORDS.joinHint}</p>
        <Button
          variant="outline"
          onClick={() => {
            if (windows.length === 0) setWindows([windowOn(firstDay)]);
            setOpen(true);
          }}
        >
          {WAITLIST_WORDS.join}
        </Button>
      </div>
    );
  }
  return (
    <form aria-labelledby={`${formId}-heading`} onSubmit={submit} className="min-w-0 space-y-4" noValidate>
      <h3 id={`${formId}-heading`} className="font-semibold">
        {WAITLIST_WORDS.join}
      </h3>
      {windows.map((window, index) => (
        <fieldset key={window.key} className="grid min-w-0 grid-cols-2 gap-2 sm:grid-cols-[2fr_1fr_1fr_auto]">
          <div className="col-span-2 min-w-0 space-y-1 text-sm sm:col-span-1">
            <label htmlFor={`${formId}-${index}-date`}>{WAITLIST_WORDS.day}</label>
            <Input
              id={`${formId}-${index}-date`}
              type="date"
              value={window.date}
              onChange={(event) => change(index, 'date', event.target.value)}
            />
          </div>
          <div className="min-w-0 space-y-1 text-sm">
            <label htmlFor={`${formId}-${index}-from`}>{WAITLIST_WORDS.from}</label>
            <Input
              id={`${formId}-${index}-from`}
              type="time"
              value={window.from}
              onChange={(event) => change(index, 'from', event.target.value)}
            />
          </div>
          <div className="min-w-0 space-y-1 text-sm">
            <label htmlFor={`${formId}-${index}-to`}>{WAITLIST_WORDS.to}</label>
            <Input
              id={`${formId}-${index}-to`}
              type="time"
              value={window.to}
              onChange={(event) => change(index, 'to', event.target.value)}
            />
          </div>
          {windows.length > 1 ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="col-span-2 self-end sm:col-span-1"
              onClick={() => setWindows((all) => all.filter((_, at) => at !== index))}
            >
              {WAITLIST_WORDS.removeWindow}
            </Button>
          ) : null}
        </fieldset>
      ))}
      {windows.length < WAITLIST_MAX_WINDOWS ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => setWindows((all) => [...all, windowOn(firstDay)])}
        >
          {WAITLIST_WORDS.addWindow}
        </Button>
      ) : null}
      {garage && garage.length > 0 ? (
        <div className="min-w-0 space-y-1 text-sm">
          <label htmlFor={`${formId}-vehicle`}>{WAITLIST_WORDS.vehicle}</label>
          <select
            id={`${formId}-vehicle`}
            className={inputClassName}
            value={vehicle}
            onChange={(event) => setVehicle(event.target.value)}
          >
            <option value="">{WAITLIST_WORDS.anyVehicle}</option>
            {garage.map((car) => (
              <option key={car._id} value={car._id}>
                {vehicleName(car)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <AddOnChoice
        addOns={addOns}
        vehicleClass={garage?.find((car) => car._id === vehicle)?.vehicleClass._id ?? ''}
        value={chosenAddOns}
        onChange={setChosenAddOns}
      />
      {problem ? (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      ) : null}
      <Button type="submit" disabled={isLoading}>
        {WAITLIST_WORDS.submit}
      </Button>
    </form>
  );
};
