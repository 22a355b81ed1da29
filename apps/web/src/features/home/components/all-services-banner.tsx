/** Section being built; renders nothing yet. */
export const AllServicesBanner = () => null;
