/**
 * The job's length: the vehicle class's own duration for the service (null: the slot's own length, the
 * service's base duration) and the add-ons' minutes. The bay is held from the slot's start for both, then the
 * service's buffer.
 */
export type JobSpan = { classMinutes: number | null; extraMinutes: number };

/** SPEC.md's booking: the slot's length, nothing added. */
export const BASE_JOB: JobSpan = { classMinutes: null, extraMinutes: 0 };

/** Until when a job starting at `slot` (its start and end) keeps the bay, with the service's buffer after it. */
export function jobUntil(slot: { startsAt: Date; endsAt: Date }, job: JobSpan, bufferMinutes: number): Date {
  const end = job.classMinutes === null ? slot.endsAt.getTime() : slot.startsAt.getTime() + job.classMinutes * 60_000;
  return new Date(end + (job.extraMinutes + bufferMinutes) * 60_000);
}
