import { describe, expect, it } from 'vitest';
import { serialRuns } from './serial-runs';

/** A job whose every run waits until the test lets it finish. */
function heldJob() {
  const releases: Array<() => void> = [];
  let started = 0;
  let overlapping = 0;
  let busy = 0;
  const runs = serialRuns(async () => {
    started += 1;
    busy += 1;
    overlapping = Math.max(overlapping, busy);
    await new Promise<void>((resolve) => releases.push(resolve));
    busy -= 1;
  });
  const finishOne = async () => {
    releases.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { runs, finishOne, counts: () => ({ started, overlapping }) };
}

describe('serial runs', () => {
  it('never runs twice at once, and runs once more after a run for all that was asked meanwhile', async () => {
    const job = heldJob();
    job.runs.run();
    job.runs.run();
    job.runs.run();
    expect(job.counts()).toEqual({ started: 1, overlapping: 1 });
    await job.finishOne();
    expect(job.counts()).toEqual({ started: 2, overlapping: 1 });
    await job.finishOne();
    expect(job.counts()).toEqual({ started: 2, overlapping: 1 });
  });

  it('once closed, starts nothing more and resolves when the run under way has finished', async () => {
    const job = heldJob();
    job.runs.run();
    let closed = false;
    const closing = job.runs.close().then(() => {
      closed = true;
    });
    job.runs.run();
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    await job.finishOne();
    await closing;
    expect(closed).toBe(true);
    expect(job.counts().started).toBe(1);
  });
});
