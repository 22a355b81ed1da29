import { PaymentOutcome } from '../components/payment-outcome';

export const PaymentSuccessPage = () => (
  <PaymentOutcome title="Payment Successful" description="Your payment went through and your booking is confirmed." />
);
