import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates that HTML, true from then on (and at
 * once in a page the browser renders itself). Whatever depends on the browser (stored choices, the clock,
 * the screen) waits for it, so the first render in the browser matches the server's HTML exactly.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
