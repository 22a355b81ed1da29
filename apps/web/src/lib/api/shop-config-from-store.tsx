import type { ReactNode } from 'react';
import { ShopConfigSource } from '../shop-config';
import { useGetPublicConfigQuery } from './get-public-config';

/** The store's answer (asked by the first component that shows it, kept for an hour). */
const useStoredConfig = () => useGetPublicConfigQuery().data;

/** Has what it holds read the shop's configuration from the app's store. */
export const ShopConfigFromStore = ({ children }: { children: ReactNode }) => (
  <ShopConfigSource source={useStoredConfig}>{children}</ShopConfigSource>
);
