/** Section being built; renders nothing yet. */
export const WhyChooseUs = () => null;
