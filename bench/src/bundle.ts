import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './processes';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

/** The page modules each measured route loads lazily, besides the entry. */
const ROUTE_MODULES: Record<string, string[]> = {
  '/': ['src/app/pages/home-page.tsx'],
  '/services': ['src/features/services/pages/services-page.tsx'],
  '/service/:id': ['src/app/pages/service-details-page.tsx'],
  '/testimonials': ['src/features/reviews/pages/testimonials-page.tsx'],
  '/dashboard/admin': [
    'src/components/layout/admin/admin-layout.tsx',
    'src/features/services/pages/manage-services-page.tsx',
  ],
};

const ADMIN_CODE = [/components\/layout\/admin\//, /pages\/manage-[\w-]+-page\.tsx$/];

export type BundleRoute = { route: string; jsKb: number; cssKb: number; files: number; adminModules: string[] };

/** Gzip size of the JavaScript and CSS a first visit to each route downloads, from Vite's manifest. */
export function bundleReport(distDir = path.join(repoRoot, 'apps/web/dist')): BundleRoute[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('no entry in the Vite manifest');
  const gzipKb = (file: string) => gzipSync(readFileSync(path.join(distDir, file))).length / 1024;

  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key]?.imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return [...seen];
  };

  return Object.entries(ROUTE_MODULES).map(([route, modules]) => {
    // The entry loads the app itself with a dynamic import (once a rendered page is painted): every first load has it.
    const keys = closure([entryKey, ...(manifest[entryKey]?.dynamicImports ?? []), ...modules]);
    const js = new Set(keys.map((key) => manifest[key]?.file ?? ''));
    const css = new Set(keys.flatMap((key) => manifest[key]?.css ?? []));
    return {
      route,
      jsKb: Math.round([...js].reduce((sum, file) => sum + gzipKb(file), 0) * 10) / 10,
      cssKb: Math.round([...css].reduce((sum, file) => sum + gzipKb(file), 0) * 10) / 10,
      files: js.size + css.size,
      adminModules: keys.filter((key) => ADMIN_CODE.some((pattern) => pattern.test(key))),
    };
  });
}
