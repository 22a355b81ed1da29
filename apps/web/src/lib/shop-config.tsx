import type { PublicConfig } from '@carcare/contracts/app-config';
import { createContext, type ReactNode, use } from 'react';

/** How a tree reads the shop's configuration: a hook, so that the app asks for it only where it is shown. */
type ConfigSource = () => PublicConfig | undefined;

const noConfig: ConfigSource = () => undefined;

const ShopConfigContext = createContext<ConfigSource>(noConfig);

/**
 * Where what it holds reads the shop's public configuration (`GET /api/config`: its name, currency, zone,
 * locale, terms). The app reads it from its store, and an island from the answer its page was drawn with
 * (decision 049): the same components write prices and days in both. `source` is a hook, and stays the same
 * for the life of the tree.
 */
export const ShopConfigSource = ({ source, children }: { source: ConfigSource; children: ReactNode }) => (
  <ShopConfigContext value={source}>{children}</ShopConfigContext>
);

/** The shop's public configuration; undefined until it arrives, or if it cannot be had. */
export const useShopConfig = () => {
  const useSource = use(ShopConfigContext);
  return useSource();
};
