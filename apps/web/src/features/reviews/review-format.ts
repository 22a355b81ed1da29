/** SPEC section 2: the average is shown to 2 decimals ('4.50'); no reviews yet reads '0.00'. */
export const formatAverage = (average: number) => (Number.isFinite(average) ? average : 0).toFixed(2);

const reviewDateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * 'Jan 15, 2025': the day the review was written in the business's time zone, so that the server and every
 * visitor's browser write the same day whatever zone they are in.
 */
export const formatReviewDate = (createdAt: string, timeZone: string) => {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return '';
  let format = reviewDateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });
    reviewDateFormats.set(timeZone, format);
  }
  return format.format(date);
};
