import { SERVICE_DESCRIPTION_PREVIEW_LENGTH } from '@carcare/contracts/services-constants';

const dollars = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** '$49' or '$49.5': prices are dollars (SPEC section 1). */
export const formatPrice = (price: number) => `$${dollars.format(price)}`;

/** The admin table's Duration column: '{n} Min'. */
export const formatDurationMin = (minutes: number) => `${minutes} Min`;

/** The admin table's description: the first 30 characters plus an ellipsis when longer. */
export const previewDescription = (description: string, length = SERVICE_DESCRIPTION_PREVIEW_LENGTH) =>
  description.length > length ? `${description.slice(0, length)}...` : description;
