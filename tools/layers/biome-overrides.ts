/**
 * Turns the table of layers (layers.ts) into Biome overrides: one `noRestrictedImports` override per layer,
 * API module and web feature. Biome matches an import's text, not the file it reaches, so each
 * rule is written as the texts a file of that folder would type: from `modules/bookings/reserve/`, ops/ is
 * `../../../ops/**`. API files sit at most one folder below their layer or module (`MAX_DEPTH`).
 */
import { apiLayers, apiModules, type Layer, packages, processEnvReaders, webFeatures, webLayers } from './layers';

type Pattern = { group: string[]; message: string };
export type Override = {
  includes: string[];
  linter: { rules: { style: Record<string, unknown> } };
};

const TABLE = 'What may import what: tools/layers/layers.ts (docs/decisions/016).';

const nameOf = (layer: Layer) => layer.path.replace(/\/$|\.ts$/, '');
const isFile = (layer: Layer) => layer.path.endsWith('.ts');
const includesOf = (root: string, layer: Layer) => [
  isFile(layer) ? `${root}/${layer.path}` : `${root}/${layer.path}**`,
];

/** How deep below its layer folder (or its module's folder) an API file may sit: 0 is directly in it. */
export const MAX_DEPTH = 1;
const depths = Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => depth);

/**
 * The texts that reach `target` (e.g. `ops`, `ops/**`) from a file `levels` folders below the API's src/
 * (1 for `lib/x.ts`, 2 for `modules/bookings/x.ts`), and one folder deeper; a root file like config.ts says `./`.
 */
const fromDepth = (levels: number, target: string) =>
  levels === 0 ? [`./${target}`] : depths.map((depth) => `${'../'.repeat(levels + depth)}${target}`);
const folder = (name: string) => [name, `${name}/**`];

const restrict = (includes: string[], patterns: Pattern[]): Override => ({
  includes,
  linter: { rules: { style: { noRestrictedImports: { level: 'error', options: { patterns } } } } },
});

const list = (names: readonly string[]) =>
  names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

// ---- packages ----

type PackageName = keyof typeof packages;

function packageTexts(name: PackageName): string[] {
  const pkg = packages[name];
  const dir = pkg.path.replace(/\/$/, '');
  const inApps = dir.split('/').at(-1);
  return [
    pkg.name,
    `${pkg.name}/**`,
    ...('alias' in pkg ? [`${pkg.alias}**`] : []),
    `../**/${dir}`,
    `../**/${dir}/**`,
    `../**/${inApps}/src`,
    `../**/${inApps}/src/**`,
  ];
}

function packagePattern(name: PackageName): Pattern | undefined {
  const pkg = packages[name];
  if (pkg.mayImport === 'anything') return undefined;
  const allowed: readonly string[] = pkg.mayImport;
  const forbidden = (Object.keys(packages) as PackageName[]).filter(
    (other) => other !== name && !allowed.includes(other),
  );
  if (forbidden.length === 0) return undefined;
  return { group: forbidden.flatMap(packageTexts), message: `${pkg.why} ${TABLE}` };
}

// ---- API ----

type ApiLayer = keyof typeof apiLayers;
const API = 'apps/api/src';

/** A layer's patterns, for its files `levels` folders below src/. */
function apiLayerPatterns(name: ApiLayer, levels: number): Pattern[] {
  const layer: Layer = apiLayers[name];
  const reach = (target: string) => fromDepth(levels, target);
  const forbidden = (Object.keys(apiLayers) as ApiLayer[]).filter(
    (other) => other !== name && !layer.mayImport.includes(other),
  );
  const patterns: Pattern[] = [];
  if (forbidden.length > 0) {
    patterns.push({
      group: forbidden.flatMap((other) => folder(nameOf(apiLayers[other]))).flatMap(reach),
      message: `${layer.why} ${TABLE}`,
    });
  }
  if (layer.mayImport.includes('modules')) {
    patterns.push({
      group: [...reach('modules/*/**'), ...reach('modules/*/public').map((text) => `!${text}`)],
      message: `A module is imported only through its public face, modules/<name>/public.ts. ${TABLE}`,
    });
  }
  if (layer.mayImport.includes('plugins')) {
    patterns.push({
      group: reach('plugins/*/**'),
      message: `Import a plugin by its own file (plugins/<name>.ts), never its internals. ${TABLE}`,
    });
  }
  return patterns;
}

type ApiModule = keyof typeof apiModules;

/** What a module's files (one level below modules/) may import of the other modules: public faces as listed. */
function modulePattern(name: ApiModule): Pattern {
  const calls: readonly string[] = apiModules[name];
  const others = (Object.keys(apiModules) as ApiModule[]).filter((other) => other !== name);
  const message =
    calls.length === 0
      ? `The ${name} module calls no other module: imports between modules go one way. ${TABLE}`
      : `Of the other modules, the ${name} module may call only ${list(calls)}, each through its public face ` +
        `(modules/<name>/public.ts): imports between modules go one way. ${TABLE}`;
  return {
    group: [
      ...others.flatMap((other) => fromDepth(1, `${other}/**`)),
      ...calls.flatMap((callee) => fromDepth(1, `${callee}/public`)).map((text) => `!${text}`),
    ],
    message,
  };
}

// ---- web ----

type WebLayer = keyof typeof webLayers;
type WebFeature = keyof typeof webFeatures;
const WEB = 'apps/web/src';
const webServerCode = packagePattern('web');

function webLayerPattern(name: WebLayer): Pattern | undefined {
  const layer: Layer = webLayers[name];
  const forbidden = (Object.keys(webLayers) as WebLayer[])
    .filter((other) => other !== name && !layer.mayImport.includes(other))
    .map((other) => nameOf(webLayers[other]));
  if (forbidden.length === 0) return undefined;
  return {
    group: [
      ...forbidden.flatMap((other) => [`@/${other}`, `@/${other}/**`]),
      ...forbidden.flatMap((other) => [`../**/${other}`, `../**/${other}/**`]),
    ],
    message: `${layer.why} ${TABLE}`,
  };
}

function featurePattern(name: WebFeature): Pattern {
  const own = [name, ...(webFeatures[name] as readonly string[])];
  const features = Object.keys(webFeatures);
  const allowed = (webFeatures[name] as readonly string[]).length;
  return {
    group: [
      '@/features/**',
      ...own.flatMap((feature) => [`!@/features/${feature}`, `!@/features/${feature}/**`]),
      ...features.flatMap((feature) => [`../**/${feature}`, `../**/${feature}/**`]),
      ...own.flatMap((feature) => [`!../**/${feature}`, `!../**/${feature}/**`]),
    ],
    message:
      allowed === 0
        ? `Features do not import each other: move what both need to lib or components, or wire them in app. ${TABLE}`
        : `The ${name} feature may import, of the other features, only ${list(webFeatures[name])}. ${TABLE}`,
  };
}

/** Biome's overrides, in order: a later override's options for a rule replace an earlier one's. */
export function layerOverrides(): Override[] {
  const overrides: Override[] = [];
  const add = (includes: string[], patterns: (Pattern | undefined)[]) => {
    const present = patterns.filter((pattern): pattern is Pattern => pattern !== undefined);
    if (present.length > 0) overrides.push(restrict(includes, present));
  };

  for (const name of Object.keys(apiLayers) as ApiLayer[]) {
    if (name === 'modules') {
      for (const module of Object.keys(apiModules) as ApiModule[]) {
        add([`${API}/modules/${module}/**`], [modulePattern(module), ...apiLayerPatterns('modules', 2)]);
      }
    } else {
      add(includesOf(API, apiLayers[name]), apiLayerPatterns(name, isFile(apiLayers[name]) ? 0 : 1));
    }
  }

  overrides.push({
    includes: ['apps/**', 'packages/**', ...processEnvReaders.map((reader) => `!${reader}`)],
    linter: { rules: { style: { noProcessEnv: 'error' } } },
  });

  add([`${packages.contracts.path}**`], [packagePattern('contracts')]);
  add([`${packages.web.path}**`], [webServerCode]);
  for (const name of Object.keys(webLayers) as WebLayer[]) {
    if (name === 'features') {
      for (const feature of Object.keys(webFeatures) as WebFeature[]) {
        add([`${WEB}/features/${feature}/**`], [webServerCode, webLayerPattern('features'), featurePattern(feature)]);
      }
    } else {
      const pattern = webLayerPattern(name);
      if (pattern) add(includesOf(WEB, webLayers[name]), [webServerCode, pattern]);
    }
  }
  return overrides;
}
