import type { Closure } from '@carcare/contracts/shop-settings';
import type { shopSettings } from '../db/schema';

/**
 * What every instance keeps of the shop in memory (decision 035): declared here, beside the plugins, so
 * that any route sees `app.shop`; the shop module makes it and the app decorates itself with it.
 */

export type ShopSettingsRow = typeof shopSettings.$inferSelect;

/** A closure as the instances keep it in memory: the days the shop is shut and why. */
export type ClosureSpan = Pick<Closure, 'startDate' | 'endDate' | 'reason'> & { id: string; createdAt: Date };

/** What every instance knows of the shop at one moment: its settings and the closures not yet over. */
export type ShopState = { settings: ShopSettingsRow; closures: readonly ClosureSpan[] };

/** An instance's copy of the shop's state: read at start, read again after every change on any instance. */
export type ShopSettingsStore = {
  current: () => ShopState;
  /** Reads the state again (after a write here, or when another instance says it wrote). */
  reload: () => Promise<ShopState>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's settings and closures as this instance knows them, read again after every change anywhere. */
    shop: ShopSettingsStore;
  }
}
