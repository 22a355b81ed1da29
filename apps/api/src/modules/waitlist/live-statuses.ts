/** An entry still in the running: waiting for a time, or holding one offered to it. */
export const LIVE_STATUSES = ['waiting', 'offered'] as const;
