export type SingleFlight<T> = {
  /** The run of `key` under way that began at `version` of the data it reads, if any. */
  current: (key: string, version: number) => Promise<T> | undefined;
  /** Begins the run of `key`: callers arriving while it is under way are handed it by `current`. */
  begin: (key: string, version: number, work: () => Promise<T>) => Promise<T>;
};

/**
 * Concurrent callers of one key share one run: each gets its result, or its error to handle as its own. A run is
 * forgotten as soon as it settles, so a failure is never kept; and a run that began before the data it reads
 * last changed (an older `version`) is joined by nobody new, who begins another.
 */
export function singleFlight<T>(): SingleFlight<T> {
  const runs = new Map<string, { version: number; promise: Promise<T> }>();
  return {
    current: (key, version) => {
      const run = runs.get(key);
      return run?.version === version ? run.promise : undefined;
    },
    begin: (key, version, work) => {
      const promise: Promise<T> = Promise.resolve()
        .then(work)
        .finally(() => {
          if (runs.get(key)?.promise === promise) runs.delete(key);
        });
      runs.set(key, { version, promise });
      return promise;
    },
  };
}
