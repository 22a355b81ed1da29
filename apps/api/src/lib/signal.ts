/**
 * Something that happened in one module that another wants to hear of at once, in this process: the app's
 * wiring hands `raise` to the first and `listen` to the second, so neither imports the other. Listeners run
 * after the raiser's own work; a listener's failure is its own to log.
 */
export type Signal = { raise: () => void; listen: (listener: () => void) => void };

export function createSignal(): Signal {
  const listeners: Array<() => void> = [];
  return {
    raise: () => {
      for (const listener of listeners) listener();
    },
    listen: (listener) => {
      listeners.push(listener);
    },
  };
}
