/** Section being built; renders nothing yet. */
export const PremiumServices = () => null;
