/** Section being built; renders nothing yet. */
export const NextSlotCountdown = () => null;
