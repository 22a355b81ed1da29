/** Section being built; renders nothing yet. */
export const ComparisonButton = () => null;
