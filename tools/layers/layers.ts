/**
 * What may import what, in one table (docs/decisions/016, 030). `npm run lint:layers` writes biome.json's
 * overrides from it; `tools/layers/layers.test.ts` fails when biome.json differs from what it writes, or when
 * an API module or a web feature has no row here.
 */

/** A layer of an app: the folders (or the one file) it is, the layers it may import, and why. */
export type Layer = {
  /** Where it lives, under the app's `src/`: `name/` is a folder, `name.ts` a single file. */
  path: string;
  mayImport: readonly string[];
  why: string;
};

/** The API, from the wiring down. A layer not listed under `mayImport` may not be imported. */
export const apiLayers = {
  app: {
    path: 'app/',
    mayImport: ['modules', 'plugins', 'ops', 'lib', 'db', 'config'],
    why: 'The wiring (server, app, first-start seed) imports anything below it, a module only through its public face.',
  },
  scripts: {
    path: 'scripts/',
    mayImport: ['ops', 'lib', 'db', 'config'],
    why: 'A script is a command run beside the server (backup, restore): it calls ops/, never the wiring, a plugin or a module.',
  },
  modules: {
    path: 'modules/',
    mayImport: ['plugins', 'lib', 'db', 'config'],
    why: 'Modules do not import the wiring, ops/ or a script: the app and the scripts import them.',
  },
  plugins: {
    path: 'plugins/',
    mayImport: ['lib', 'db', 'config'],
    why: 'A plugin is shared code: what it needs from a module is handed in by the app as an option.',
  },
  ops: {
    path: 'ops/',
    mayImport: ['lib', 'db', 'config'],
    why: 'ops/ (backups, restores, the data directory lock) works on files and the database: it imports no module, plugin, wiring or script.',
  },
  lib: {
    path: 'lib/',
    mayImport: ['db', 'config'],
    why: 'lib/ is shared code: it imports no module, plugin, ops/, script or wiring.',
  },
  db: {
    path: 'db/',
    mayImport: [],
    why: 'db/ is the bottom layer: schema, client and SQL helpers import only drizzle, the database drivers and the contracts.',
  },
  config: {
    path: 'config/',
    mayImport: [],
    why: 'config/ reads the environment and imports nothing of the API: types it needs live beside it.',
  },
} as const satisfies Record<string, Layer>;

/**
 * Which API modules each module may call, always through `modules/<name>/public.ts`. Calls go one way, so
 * no cycle can form. Every folder under `apps/api/src/modules/` has a row.
 */
export const apiModules = {
  auth: ['users'],
  bays: [],
  bookings: ['services', 'bays', 'payments', 'memberships', 'texts'],
  customers: ['auth'],
  garage: ['pricing'],
  memberships: ['payments'],
  payments: [],
  plans: [],
  pricing: [],
  reports: ['bays', 'bookings', 'reviews', 'slots', 'users'],
  reviews: ['bookings'],
  seo: ['services'],
  services: ['bays', 'pricing'],
  shop: ['bookings'],
  slots: ['services', 'bays', 'bookings', 'shop'],
  system: [],
  texts: [],
  users: [],
  waitlist: ['bookings', 'payments', 'services', 'slots', 'texts'],
} as const satisfies Record<string, readonly string[]>;

/** The web app's layers. Features import each other only as `webFeatures` lists. */
export const webLayers = {
  app: {
    path: 'app/',
    mayImport: ['features', 'components', 'lib'],
    why: 'The app (router, store, pages) wires the features together.',
  },
  features: {
    path: 'features/',
    mayImport: ['app', 'components', 'lib'],
    why: "A feature uses shared code and the app's store.",
  },
  components: {
    path: 'components/',
    mayImport: ['lib'],
    why: 'Shared code (components, lib) is used by features and the app, never the other way round.',
  },
  lib: {
    path: 'lib/',
    mayImport: ['components'],
    why: 'Shared code (components, lib) is used by features and the app, never the other way round.',
  },
} as const satisfies Record<string, Layer>;

/** Which web features each feature may import. Every folder under `apps/web/src/features/` has a row. */
export const webFeatures = {
  auth: [],
  bays: [],
  bookings: ['garage'],
  'front-desk': ['bookings', 'garage', 'memberships'],
  garage: [],
  home: [],
  members: ['front-desk', 'memberships', 'plans'],
  memberships: ['garage', 'plans'],
  payments: [],
  plans: [],
  pricing: [],
  reports: [],
  reviews: [],
  services: [],
  settings: [],
  slots: [],
  users: [],
  waitlist: ['bookings', 'garage'],
} as const satisfies Record<string, readonly string[]>;

/** Which of the repository's packages may import which; the API, which nothing imports, is not restricted. */
export const packages = {
  api: { path: 'apps/api/', name: '@carcare/api', mayImport: 'anything' },
  web: {
    path: 'apps/web/',
    name: '@carcare/web',
    alias: '@/',
    mayImport: ['contracts'],
    why: 'The web app does not import server code (apps/api): share it through packages/contracts.',
  },
  contracts: {
    path: 'packages/contracts/',
    name: '@carcare/contracts',
    mayImport: [],
    why: 'The contracts are shared by the apps and import nothing of them.',
  },
} as const;

/** Only the API's config reads `process.env`; the API's whole-app tests set it up. */
export const processEnvReaders = ['apps/api/src/config/index.ts', 'apps/api/test/**'] as const;
