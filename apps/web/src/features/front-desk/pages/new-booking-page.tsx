import type { Booking } from '@carcare/contracts/bookings';
import type { Customer } from '@carcare/contracts/front-desk';
import type { PayWith } from '@carcare/contracts/front-desk-constants';
import { type FormEvent, useState } from 'react';
import { PageHeading } from '@/components/feedback/page-heading';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { useCreateBookingMutation } from '@/features/bookings/api/create-booking';
import { businessToday } from '@/features/bookings/business-date';
import { PlateLookup } from '@/features/memberships/components/plate-lookup';
import { SellPack } from '@/features/memberships/components/sell-pack';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { useGetPublicConfigQuery } from '@/lib/api/get-public-config';
import { BookingOutcome } from '../components/booking-outcome';
import { BookingTimeChoice } from '../components/booking-time-choice';
import { ChosenCustomer } from '../components/chosen-customer';
import { CustomerFinder } from '../components/customer-finder';
import { DeskTerms } from '../components/desk-terms';
import { FormSection } from '../components/form-section';
import { JobChoice } from '../components/job-choice';
import { PaymentAndNote } from '../components/payment-and-note';
import { NEW_BOOKING_WORDS } from '../front-desk-words';
import { useNewBookingJob } from '../hooks/use-new-booking-job';
import { missingForBooking, newBookingBody, type Timing } from '../new-booking';

type Outcome = { booking: Booking; paymentUrl: string };

/**
 * The shop books for a customer: find them or add them, then the service, their car (or a class), add-ons, a
 * free time or now for a walk-in, how it is paid and the customer's note. The outcome says what was made, with
 * what comes next.
 */
export const NewBookingPage = () => {
  const { data: config } = useGetPublicConfigQuery();
  const today = businessToday(config?.timeZone);
  const [createBooking, { isLoading: sending }] = useCreateBookingMutation();
  const [customer, setCustomer] = useState<Customer | null>(null);
  const job = useNewBookingJob(customer);
  const [timing, setTiming] = useState<Timing>('slot');
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState('');
  const [payWith, setPayWith] = useState<PayWith>('counter');
  const [note, setNote] = useState('');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const chooseCustomer = (next: Customer | null) => {
    setCustomer(next);
    job.forgetVehicle();
    if (payWith === 'card' && !next?.cardOnFile) setPayWith('counter');
    setProblem(null);
  };

  const startAgain = () => {
    chooseCustomer(null);
    job.reset();
    setTiming('slot');
    setDate(null);
    setSlot('');
    setPayWith('counter');
    setNote('');
    setTermsAccepted(false);
    setOutcome(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const choice = {
      customer,
      service: job.service,
      vehicle: job.vehicle,
      addOns: job.addOns,
      timing,
      slot,
      payWith,
      note,
      acceptPolicy: termsAccepted ? config?.policyVersion : undefined,
    };
    const missing = missingForBooking(choice);
    setProblem(missing);
    if (missing || !customer) return;
    try {
      const made = await createBooking(newBookingBody(choice, customer)).unwrap();
      setOutcome({ booking: made.booking, paymentUrl: made.payment_url });
    } catch (error) {
      setProblem((isFetchBaseQueryError(error) ? serverMessage(error) : null) ?? NEW_BOOKING_WORDS.failed);
    }
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeading title={NEW_BOOKING_WORDS.title} description={NEW_BOOKING_WORDS.description} />
      <PlateLookup />
      {outcome ? (
        <BookingOutcome
          booking={outcome.booking}
          paymentUrl={outcome.paymentUrl}
          onPaid={(paid) => setOutcome({ ...outcome, booking: paid })}
          onBookAnother={startAgain}
        />
      ) : (
        <>
          <FormSection title={NEW_BOOKING_WORDS.customer}>
            {customer ? (
              <>
                <ChosenCustomer customer={customer} onChange={() => chooseCustomer(null)} />
                <SellPack customer={customer} />
              </>
            ) : (
              <CustomerFinder onChoose={chooseCustomer} />
            )}
          </FormSection>
          <form noValidate onSubmit={(event) => void submit(event)} className="space-y-6">
            <FormSection title={NEW_BOOKING_WORDS.service}>
              <JobChoice customer={customer} job={job} onChange={() => setSlot('')} />
            </FormSection>
            <FormSection title={NEW_BOOKING_WORDS.time}>
              <BookingTimeChoice
                service={job.service}
                today={today}
                timing={timing}
                onTimingChange={setTiming}
                date={date ?? today}
                onDateChange={(day) => {
                  setDate(day);
                  setSlot('');
                }}
                slot={slot}
                onSlotChange={setSlot}
                job={job.query}
              />
            </FormSection>
            <FormSection title={NEW_BOOKING_WORDS.payment}>
              <PaymentAndNote
                payWith={payWith}
                onPayWithChange={setPayWith}
                cardOnFile={customer?.cardOnFile ?? false}
                note={note}
                onNoteChange={setNote}
              />
              {job.service && job.classId ? (
                <DeskTerms
                  service={job.service}
                  vehicleClass={job.classId}
                  addOns={job.addOns}
                  accepted={termsAccepted}
                  onAcceptedChange={setTermsAccepted}
                />
              ) : null}
            </FormSection>
            <FieldError id="new-booking-problem" message={problem ?? undefined} />
            <Button type="submit" className="w-full sm:w-auto" disabled={sending}>
              {NEW_BOOKING_WORDS.submit}
            </Button>
          </form>
        </>
      )}
    </div>
  );
};
