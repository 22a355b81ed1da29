import type { BookingStatus } from '@carcare/contracts/bookings-constants';

/** SPEC section 3: customer cards show cancel as destructive and anything else as secondary. */
export const customerStatusVariant = (status: BookingStatus) => (status === 'cancel' ? 'destructive' : 'secondary');

/** SPEC section 3: the admin list shows confirm in the default style and anything else as destructive. */
export const adminStatusVariant = (status: BookingStatus) => (status === 'confirm' ? 'default' : 'destructive');

export const paymentVariant = (payment: string) => (payment === 'paid' ? 'default' : 'outline');
