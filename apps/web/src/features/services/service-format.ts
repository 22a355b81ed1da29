import { SERVICE_DESCRIPTION_PREVIEW_LENGTH } from '@carcare/contracts/services-constants';

/** The admin table's Duration column: '{n} Min'. */
export const formatDurationMin = (minutes: number) => `${minutes} Min`;

/** The admin table's description: the first 30 characters plus an ellipsis when longer. */
export const previewDescription = (description: string, length = SERVICE_DESCRIPTION_PREVIEW_LENGTH) =>
  description.length > length ? `${description.slice(0, length)}...` : description;
