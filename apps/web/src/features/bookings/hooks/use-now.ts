import { COUNTDOWN_TICK_MS } from '@carcare/contracts/bookings-constants';
import { useEffect, useState } from 'react';

/** The current time, refreshed every second while the component is mounted. */
export const useNow = () => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
};
