import type { SlotDetail } from '@carcare/contracts/slots';
import type { User } from '@carcare/contracts/users';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Navigate } from 'react-router';
import { LoadingScreen } from '@/components/feedback/loading-screen';
import { CheckboxField } from '@/components/forms/checkbox-field';
import { PublicPage } from '@/components/layout/public-page';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session/use-session';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useDisplayFormat } from '@/lib/use-display-format';
import { useGetSlotDetailQuery } from '../api/get-slot-detail';
import type { BookingJob } from '../booking-job';
import { selectBooking } from '../booking-slice';
import { AcceptTerms } from '../components/accept-terms';
import { BookingSummary } from '../components/booking-summary';
import { PersonalInfoForm } from '../components/personal-info-form';
import { useBookingTerms } from '../hooks/use-booking-terms';
import { usePayNow } from '../hooks/use-pay-now';

type BookingFormProps = {
  slot: SlotDetail;
  job: BookingJob;
  service: string;
  slotId: string;
  user: User;
};

/**
 * The personal information form, the consent to texts (to a customer with a phone), the shop's terms for this
 * booking and Pay Now, which waits for them to be accepted.
 */
const BookingForm = ({ slot, job, service, slotId, user }: BookingFormProps) => {
  const { when } = useDisplayFormat();
  const terms = useBookingTerms(slot, job);
  const [accepted, setAccepted] = useState(false);
  const [textsAccepted, setTextsAccepted] = useState(user.textsAccepted);
  const payNow = usePayNow({
    service,
    slot: slotId,
    user: user._id,
    job,
    acceptPolicy: terms.version,
    onTermsChanged: () => setAccepted(false),
    // Sent only when changed here: left out, the customer's choice stays as it was.
    textsAccepted: user.phone && textsAccepted !== user.textsAccepted ? textsAccepted : undefined,
  });
  const ready = accepted && terms.sentences !== undefined && terms.version !== undefined;
  return (
    <PersonalInfoForm
      defaultName={`${user.firstName} ${user.lastName}`.trim()}
      email={user.email}
      time={when(slot)}
      onSubmit={payNow}
      payBlocked={!ready}
    >
      {user.phone ? (
        <CheckboxField
          id="textsAccepted"
          label={UI_MESSAGES.textsConsent}
          description={UI_MESSAGES.textsConsentDescription}
          checked={textsAccepted}
          onChange={(event) => setTextsAccepted(event.target.checked)}
        />
      ) : null}
      <AcceptTerms
        sentences={terms.sentences}
        failed={terms.failed}
        accepted={accepted}
        onAcceptedChange={setAccepted}
      />
    </PersonalInfoForm>
  );
};

/**
 * SPEC section 2, /proceed-booking: the summary and the personal information form, with the shop's terms to
 * accept before Pay Now; nothing chosen sends home.
 */
export const ProceedBookingPage = () => {
  const { user } = useSession();
  const { service, slot, vehicle, vehicleClass, addOns } = useSelector(selectBooking);
  const job = { vehicle, vehicleClass, addOns };
  const complete = Boolean(user && service && slot);
  const { data, isLoading, isError } = useGetSlotDetailQuery(complete ? slot : skipToken);

  if (!user || !complete || isError || (data && data.service._id !== service))
    return <Navigate to={paths.home} replace />;
  if (isLoading || !data) return <LoadingScreen />;

  return (
    <PublicPage title="Booking Summary">
      <div className="grid gap-6 lg:grid-cols-2">
        <BookingSummary slot={data} job={job} />
        <BookingForm slot={data} job={job} service={service} slotId={slot} user={user} />
      </div>
    </PublicPage>
  );
};
