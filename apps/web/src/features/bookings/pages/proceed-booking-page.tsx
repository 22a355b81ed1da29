import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSelector } from 'react-redux';
import { Navigate } from 'react-router';
import { LoadingScreen } from '@/components/feedback/loading-screen';
import { PublicPage } from '@/components/layout/public-page';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session/use-session';
import { useDisplayFormat } from '@/lib/use-display-format';
import { useGetSlotDetailQuery } from '../api/get-slot-detail';
import { selectBooking } from '../booking-slice';
import { BookingSummary } from '../components/booking-summary';
import { PersonalInfoForm } from '../components/personal-info-form';
import { usePayNow } from '../hooks/use-pay-now';

/** SPEC section 2, /proceed-booking: the summary and the personal information form; nothing chosen sends home. */
export const ProceedBookingPage = () => {
  const { user } = useSession();
  const { service, slot, vehicle, vehicleClass, addOns } = useSelector(selectBooking);
  const job = { vehicle, vehicleClass, addOns };
  const complete = Boolean(user && service && slot);
  const { data, isLoading, isError } = useGetSlotDetailQuery(complete ? slot : skipToken);
  const payNow = usePayNow({ service, slot, user: user?._id ?? '', job });
  const { when } = useDisplayFormat();

  if (!user || !complete || isError || (data && data.service._id !== service))
    return <Navigate to={paths.home} replace />;
  if (isLoading || !data) return <LoadingScreen />;

  return (
    <PublicPage title="Booking Summary">
      <div className="grid gap-6 lg:grid-cols-2">
        <BookingSummary slot={data} job={job} />
        <PersonalInfoForm
          defaultName={`${user.firstName} ${user.lastName}`.trim()}
          email={user.email}
          time={when(data)}
          onSubmit={payNow}
        />
      </div>
    </PublicPage>
  );
};
