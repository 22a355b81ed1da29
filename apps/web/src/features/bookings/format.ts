/** A slot's time as the customer reads it: '09:00 - 10:00'. */
export const formatSlotTime = (slot: { startTime: string; endTime: string }) => `${slot.startTime} - ${slot.endTime}`;
