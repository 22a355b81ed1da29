import type { AdminSlotListQuery } from '@carcare/contracts/slots';
import type { SLOT_ORIGINS } from '@carcare/contracts/slots-constants';

export type SlotOrigin = (typeof SLOT_ORIGINS)[number];

/** How Slot Management names where a time came from. */
export const SLOT_ORIGIN_WORDS: Record<SlotOrigin, string> = { generated: 'From hours', manual: 'Hand-made' };

/** Slot Management's filters as the screen holds them; none set lists the slots from today on. */
export type SlotFilters = {
  /** One day's slots (YYYY-MM-DD). */
  date?: string;
  service?: string;
  origin?: SlotOrigin;
  /** Without a day: every slot, past ones too, newest first as SPEC.md's list was. */
  includePast: boolean;
};

export const NO_SLOT_FILTERS: SlotFilters = { includePast: false };

/**
 * The list's query: a chosen day; else the slots from the shop's today on, in time order; else, with past
 * slots asked for, every slot (newest first unless a service or origin is chosen, then in time order).
 */
export const slotListQuery = (
  filters: SlotFilters,
  today: string,
  page: { page: number; limit: number },
): AdminSlotListQuery => ({
  ...page,
  ...(filters.date ? { date: filters.date } : filters.includePast ? {} : { from: today }),
  ...(filters.service ? { service: filters.service } : {}),
  ...(filters.origin ? { origin: filters.origin } : {}),
});
