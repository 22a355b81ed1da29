import type { Booking, CreateBookingInput } from '@carcare/contracts/bookings';
import type { Customer } from '@carcare/contracts/front-desk';
import { FRONT_DESK_LIMITS, FRONT_DESK_MESSAGES, type PayWith } from '@carcare/contracts/front-desk-constants';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '@/components/feedback/page-heading';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { inputClassName } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TextAreaField } from '@/components/ui/text-area-field';
import { useCreateBookingMutation } from '@/features/bookings/api/create-booking';
import { businessToday } from '@/features/bookings/business-date';
import { AddOnChoice } from '@/features/bookings/components/add-on-choice';
import { JobQuote } from '@/features/bookings/components/job-quote';
import { SlotDayPicker } from '@/features/bookings/components/slot-day-picker';
import { useGetOfferedVehicleClassesQuery } from '@/features/garage/api/get-vehicle-classes';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { useGetPublicConfigQuery } from '@/lib/api/get-public-config';
import { useGetServiceNamesQuery } from '@/lib/api/get-service-names';
import { formatPrice } from '@/lib/format-price';
import { paths } from '@/lib/paths';
import { useCurrency } from '@/lib/use-currency';
import { useDisplayFormat } from '@/lib/use-display-format';
import { useGetServiceAddOnsQuery } from '../api/service-add-ons';
import { CustomerFinder, customerFullName } from '../components/customer-finder';
import { type JobVehicle, JobVehicleSelect } from '../components/job-vehicle-select';
import { PayWithChoice } from '../components/pay-with-choice';
import { NEW_BOOKING_WORDS } from '../front-desk-words';

type Outcome = { booking: Booking; paymentUrl: string };

/** Booking Management searched for the customer, so the new booking is at hand. */
const bookingManagementHref = (booking: Booking) => {
  const search = booking.customer.phone || booking.customer.email || booking.customer.lastName;
  return `${paths.adminDashboard.manageBookings}?${new URLSearchParams({ search })}`;
};

const outcomeMessage = (booking: Booking) => {
  if (booking.payWith === 'link') return FRONT_DESK_MESSAGES.linkSent;
  return FRONT_DESK_MESSAGES.booked;
};

/**
 * The shop books for a customer: find them or add them, then the service, their car (or a class), add-ons, a
 * free time or now for a walk-in, how it is paid and the customer's note. The outcome says what was made (and
 * opens the checkout when the customer pays online now), with a link to the booking in Booking Management.
 */
export const NewBookingPage = () => {
  const id = useId();
  const currency = useCurrency();
  const { when: slotWhen } = useDisplayFormat();
  const { data: config } = useGetPublicConfigQuery();
  const today = businessToday(config?.timeZone);
  const { data: services } = useGetServiceNamesQuery();
  const { data: classes } = useGetOfferedVehicleClassesQuery();
  const [createBooking, { isLoading: booking }] = useCreateBookingMutation();

  const [customer, setCustomer] = useState<Customer | null>(null);
  const [service, setService] = useState('');
  const [chosenVehicle, setChosenVehicle] = useState<JobVehicle | null>(null);
  const [addOns, setAddOns] = useState<string[]>([]);
  const [timing, setTiming] = useState<'slot' | 'walkIn'>('slot');
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState('');
  const [payWith, setPayWith] = useState<PayWith>('counter');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { data: offeredAddOns } = useGetServiceAddOnsQuery(service || skipToken);

  // Until one is chosen: the customer's first car, or the shop's default class.
  const defaultClass = classes?.find((each) => each.isDefault) ?? classes?.[0];
  const firstVehicle = customer?.vehicles[0];
  const vehicle: JobVehicle =
    chosenVehicle ??
    (firstVehicle
      ? { vehicle: firstVehicle._id, vehicleClass: '' }
      : { vehicle: '', vehicleClass: defaultClass?._id ?? '' });
  const classId = vehicle.vehicle
    ? (customer?.vehicles.find((each) => each._id === vehicle.vehicle)?.vehicleClass._id ?? '')
    : vehicle.vehicleClass;
  const offered = new Set((offeredAddOns ?? []).map((each) => each._id));
  const chosenAddOns = addOns.filter((each) => offered.has(each));
  // The times where the whole job fits: its class and add-ons.
  const job = classes
    ? {
        ...(classId ? { vehicleClass: classId } : {}),
        ...(chosenAddOns.length > 0 ? { addOns: chosenAddOns.join(',') } : {}),
      }
    : null;

  const resetSlot = () => setSlot('');

  const chooseCustomer = (next: Customer | null) => {
    setCustomer(next);
    setChosenVehicle(null);
    if (payWith === 'card' && !next?.cardOnFile) setPayWith('counter');
    setProblem(null);
  };

  const startAgain = () => {
    chooseCustomer(null);
    setService('');
    setAddOns([]);
    setTiming('slot');
    setDate(null);
    setSlot('');
    setPayWith('counter');
    setNote('');
    setOutcome(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!customer) return setProblem(NEW_BOOKING_WORDS.customerFirst);
    if (!service) return setProblem(NEW_BOOKING_WORDS.serviceFirst);
    if (timing === 'slot' && !slot) return setProblem(NEW_BOOKING_WORDS.slotFirst);
    if (note.trim().length > FRONT_DESK_LIMITS.customerNote) return setProblem(FRONT_DESK_MESSAGES.customerNoteTooLong);
    setProblem(null);
    const body = {
      service,
      customer: customer._id,
      payWith,
      ...(timing === 'walkIn' ? { walkIn: true } : { slot }),
      ...(vehicle.vehicle
        ? { vehicle: vehicle.vehicle }
        : vehicle.vehicleClass
          ? { vehicleClass: vehicle.vehicleClass }
          : {}),
      ...(chosenAddOns.length > 0 ? { addOns: chosenAddOns } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    } as CreateBookingInput;
    try {
      const made = await createBooking(body).unwrap();
      // The checkout opens from the outcome's own link: a window opened after the wait would be blocked.
      setOutcome({ booking: made.booking, paymentUrl: made.payment_url });
    } catch (error) {
      setProblem((isFetchBaseQueryError(error) ? serverMessage(error) : null) ?? NEW_BOOKING_WORDS.failed);
    }
  };

  if (outcome) {
    const made = outcome.booking;
    return (
      <div className="mx-auto max-w-3xl space-y-6">
        <PageHeading title={NEW_BOOKING_WORDS.title} />
        <section role="status" aria-label="Booking made" className="space-y-3 rounded-lg border bg-card p-4 sm:p-6">
          <p className="font-semibold text-lg">{outcomeMessage(made)}</p>
          <p className="break-words">
            {customerFullName(made.customer)}: {made.service.name}, {slotWhen(made.slot)}, {made.bay.name}
          </p>
          <p data-part="money">
            Total {formatPrice(made.total, currency)} · Balance due {formatPrice(made.balanceDue, currency)}
          </p>
          <div className="flex flex-wrap gap-2">
            {made.payWith === 'online' && outcome.paymentUrl ? (
              <Button asChild>
                <a href={outcome.paymentUrl} target="_blank" rel="noopener">
                  {NEW_BOOKING_WORDS.openPayment}
                </a>
              </Button>
            ) : null}
            <Button asChild variant="outline">
              <Link to={bookingManagementHref(made)}>{NEW_BOOKING_WORDS.viewBooking}</Link>
            </Button>
            <Button type="button" variant="ghost" onClick={startAgain}>
              {NEW_BOOKING_WORDS.bookAnother}
            </Button>
          </div>
        </section>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeading title={NEW_BOOKING_WORDS.title} description={NEW_BOOKING_WORDS.description} />
      <section aria-labelledby={`${id}-customer`} className="min-w-0 space-y-4 rounded-lg border bg-card p-4 sm:p-6">
        <h2 id={`${id}-customer`} className="font-semibold text-xl">
          {NEW_BOOKING_WORDS.customer}
        </h2>
        {customer ? (
          <div className="flex flex-wrap items-start justify-between gap-2" data-part="chosen-customer">
            <div className="min-w-0 text-sm">
              <div className="break-words font-medium">{customerFullName(customer)}</div>
              <div className="text-muted-foreground">{customer.phone ?? '-'}</div>
              {customer.email ? <div className="break-all text-muted-foreground">{customer.email}</div> : null}
            </div>
            <Button type="button" size="sm" variant="outline" onClick={() => chooseCustomer(null)}>
              {NEW_BOOKING_WORDS.change}
            </Button>
          </div>
        ) : (
          <CustomerFinder onChoose={chooseCustomer} />
        )}
      </section>

      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-6">
        <section aria-labelledby={`${id}-job`} className="min-w-0 space-y-4 rounded-lg border bg-card p-4 sm:p-6">
          <h2 id={`${id}-job`} className="font-semibold text-xl">
            {NEW_BOOKING_WORDS.service}
          </h2>
          <div>
            <Label htmlFor={`${id}-service`} className="mb-2 block">
              {NEW_BOOKING_WORDS.service}
            </Label>
            <select
              id={`${id}-service`}
              value={service}
              onChange={(event) => {
                setService(event.target.value);
                setAddOns([]);
                resetSlot();
              }}
              className={inputClassName}
            >
              <option value="">{NEW_BOOKING_WORDS.chooseService}</option>
              {(services ?? []).map((each) => (
                <option key={each._id} value={each._id}>
                  {each.name}
                </option>
              ))}
            </select>
          </div>
          {classes && classes.length > 0 ? (
            <JobVehicleSelect
              vehicles={customer?.vehicles ?? []}
              classes={classes}
              value={vehicle}
              onChange={(next) => {
                setChosenVehicle(next);
                resetSlot();
              }}
            />
          ) : null}
          {service && offeredAddOns ? (
            <AddOnChoice
              addOns={offeredAddOns}
              vehicleClass={classId}
              value={chosenAddOns}
              onChange={(ids) => {
                setAddOns(ids);
                resetSlot();
              }}
            />
          ) : null}
          {service && job ? (
            // Priced by the car's class: the customer's car is theirs, not the shop's to quote by.
            <JobQuote service={service} job={{ vehicle: '', vehicleClass: classId, addOns: chosenAddOns.join(',') }} />
          ) : null}
        </section>

        <section aria-labelledby={`${id}-time`} className="min-w-0 space-y-4 rounded-lg border bg-card p-4 sm:p-6">
          <h2 id={`${id}-time`} className="font-semibold text-xl">
            {NEW_BOOKING_WORDS.time}
          </h2>
          <fieldset className="flex flex-wrap gap-4">
            <legend className="sr-only">{NEW_BOOKING_WORDS.time}</legend>
            {(
              [
                ['slot', NEW_BOOKING_WORDS.pickTime],
                ['walkIn', NEW_BOOKING_WORDS.walkIn],
              ] as const
            ).map(([value, label]) => (
              <div key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  id={`${id}-timing-${value}`}
                  name={`${id}-timing`}
                  checked={timing === value}
                  onChange={() => setTiming(value)}
                  className="size-4 accent-primary"
                />
                <Label htmlFor={`${id}-timing-${value}`}>{label}</Label>
              </div>
            ))}
          </fieldset>
          {timing === 'walkIn' ? (
            <p className="text-muted-foreground text-sm">{NEW_BOOKING_WORDS.walkInHint}</p>
          ) : service ? (
            <div className="grid min-w-0 gap-6 md:grid-cols-[auto_1fr]">
              <SlotDayPicker
                serviceId={service}
                today={today}
                date={date ?? today}
                onDateChange={(day) => {
                  setDate(day);
                  resetSlot();
                }}
                selectedSlot={slot}
                onSelect={setSlot}
                job={job}
              />
            </div>
          ) : (
            <p className="text-muted-foreground text-sm">{NEW_BOOKING_WORDS.serviceFirst}</p>
          )}
        </section>

        <section aria-labelledby={`${id}-pay`} className="min-w-0 space-y-4 rounded-lg border bg-card p-4 sm:p-6">
          <h2 id={`${id}-pay`} className="font-semibold text-xl">
            {NEW_BOOKING_WORDS.payment}
          </h2>
          <PayWithChoice value={payWith} onChange={setPayWith} cardOnFile={customer?.cardOnFile ?? false} />
          <TextAreaField
            id={`${id}-note`}
            label={NEW_BOOKING_WORDS.note}
            placeholder={NEW_BOOKING_WORDS.noteHint}
            rows={3}
            maxLength={FRONT_DESK_LIMITS.customerNote}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </section>

        <FieldError id={`${id}-problem`} message={problem ?? undefined} />
        <Button type="submit" className="w-full sm:w-auto" disabled={booking}>
          {NEW_BOOKING_WORDS.submit}
        </Button>
      </form>
    </div>
  );
};
