import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delay` ms (SPEC section 9: searches wait 300 ms). */
export const useDebouncedValue = <T>(value: T, delay: number) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
};
