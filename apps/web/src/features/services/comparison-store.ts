import type { Service } from '@carcare/contracts/services';
import { useSyncExternalStore } from 'react';

/** What the comparison dialog shows of a service; `id` is the service's _id (SPEC section 3). */
export type ComparedService = Pick<Service, 'name' | 'price' | 'duration'> & { id: string };

export type ComparisonState = { selectedServices: ComparedService[] };

const EMPTY: ComparisonState = { selectedServices: [] };

/** Adds the service, or removes it when it is already selected. */
export const toggled = (state: ComparisonState, service: ComparedService): ComparisonState =>
  state.selectedServices.some((selected) => selected.id === service.id)
    ? removed(state, service.id)
    : { selectedServices: [...state.selectedServices, service] };

export const removed = (state: ComparisonState, id: string): ComparisonState => ({
  selectedServices: state.selectedServices.filter((service) => service.id !== id),
});

/**
 * Where the selection is kept while the tab is open: public pages are plain navigations from one to the next
 * (decision 049), and a service chosen on the catalogue is still chosen on the home page.
 */
export const COMPARISON_STORAGE_KEY = 'comparison';

const isComparedService = (value: unknown): value is ComparedService => {
  if (typeof value !== 'object' || value === null) return false;
  const { id, name, price, duration } = value as Record<string, unknown>;
  return (
    typeof id === 'string' && typeof name === 'string' && typeof price === 'number' && typeof duration === 'number'
  );
};

const read = (): ComparisonState => {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(COMPARISON_STORAGE_KEY) ?? 'null');
    const services = (stored as ComparisonState | null)?.selectedServices;
    return Array.isArray(services) ? { selectedServices: services.filter(isComparedService) } : EMPTY;
  } catch {
    return EMPTY;
  }
};

let current: ComparisonState | undefined;
/** How many times the selection was changed on this page: what was kept from the page before is not a change. */
let changes = 0;
const listeners = new Set<() => void>();

const snapshot = () => {
  current ??= read();
  return current;
};

const update = (change: (state: ComparisonState) => ComparisonState) => {
  current = change(snapshot());
  changes += 1;
  try {
    window.sessionStorage.setItem(COMPARISON_STORAGE_KEY, JSON.stringify(current));
  } catch {
    // Storage may be full or disabled (private mode): the selection still lives in this page.
  }
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // Another tab's choice is that tab's: only this page's changes are announced.
  return () => listeners.delete(listener);
};

/**
 * SPEC section 3's comparison state, shared by every part of a page that shows it (the cards' Compare buttons,
 * the floating button, the dialog) whether they are one app or separate islands. The server draws an empty
 * selection and so does hydration; the kept one is shown from the next render.
 */
export const useComparedServices = () =>
  useSyncExternalStore(
    subscribe,
    () => snapshot().selectedServices,
    () => EMPTY.selectedServices,
  );

/** Counts the changes made to the selection on this page (the floating button shakes at each). */
export const useComparisonChanges = () =>
  useSyncExternalStore(
    subscribe,
    () => changes,
    () => 0,
  );

export const comparison = {
  toggle: (service: ComparedService) => update((state) => toggled(state, service)),
  remove: (id: string) => update((state) => removed(state, id)),
  clear: () => update(() => EMPTY),
  /** Forgets what this page read or chose, so the next look reads storage again (tests start from it). */
  reset: () => {
    current = undefined;
    changes = 0;
  },
};

export const toComparedService = ({ _id, name, price, duration }: Service): ComparedService => ({
  id: _id,
  name,
  price,
  duration,
});
