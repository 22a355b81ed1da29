/** SPEC section 2: the average is shown to 2 decimals ('4.50'); no reviews yet reads '0.00'. */
export const formatAverage = (average: number) => (Number.isFinite(average) ? average : 0).toFixed(2);
