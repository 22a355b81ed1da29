import { PaymentOutcome } from '../components/payment-outcome';

export const PaymentFailedPage = () => (
  <PaymentOutcome
    title="Payment Failed"
    description="The payment did not go through, so the booking was cancelled and the slot released."
  />
);
