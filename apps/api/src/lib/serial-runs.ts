/**
 * The runs of a background job, never two at once: `run` during a run asks for one more right after it, so
 * that whatever was asked for meanwhile does not wait for the job's timer. `close` stops new runs and resolves
 * once the run under way, and the one asked for after it, have finished. `work` logs its own failures.
 */
export function serialRuns(work: () => Promise<void>): { run: () => void; close: () => Promise<void> } {
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const run = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = work().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        run();
      }
    });
  };
  return {
    run,
    close: async () => {
      closed = true;
      while (running) await running;
    },
  };
}
