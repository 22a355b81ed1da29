import { type RefObject, useEffect, useRef, useState } from 'react';

const SHAKE: Keyframe[] = [
  { transform: 'translateX(0) rotate(0)' },
  { transform: 'translateX(-3px) rotate(-8deg)' },
  { transform: 'translateX(3px) rotate(8deg)' },
  { transform: 'translateX(-3px) rotate(-8deg)' },
  { transform: 'translateX(3px) rotate(8deg)' },
  { transform: 'translateX(0) rotate(0)' },
];

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Shakes the element for `durationMs` whenever `value` changes after the first render; true while shaking. */
export const useShakeOnChange = (ref: RefObject<HTMLElement | null>, value: unknown, durationMs: number) => {
  const [shaking, setShaking] = useState(false);
  // The value last seen, not a first-render flag: an effect run again on the same value (StrictMode) is no change.
  const seen = useRef(value);

  useEffect(() => {
    if (Object.is(seen.current, value)) return;
    seen.current = value;
    setShaking(true);
    if (!prefersReducedMotion()) ref.current?.animate?.(SHAKE, { duration: durationMs, easing: 'ease-in-out' });
    const timer = window.setTimeout(() => setShaking(false), durationMs);
    return () => window.clearTimeout(timer);
  }, [value, durationMs, ref]);

  return shaking;
};
