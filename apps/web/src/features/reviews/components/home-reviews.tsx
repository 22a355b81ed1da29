/** Section being built; renders nothing yet. */
export const HomeReviews = () => null;
