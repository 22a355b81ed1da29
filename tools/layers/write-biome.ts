/**
 * Writes biome.json's overrides from the table of layers (`npm run lint:layers`), then lets Biome format the
 * file, so the committed biome.json is exactly what this writes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { layerOverrides } from './biome-overrides';

const biomeJson = fileURLToPath(new URL('../../biome.json', import.meta.url));
const config = JSON.parse(readFileSync(biomeJson, 'utf8'));
config.overrides = layerOverrides();
writeFileSync(biomeJson, `${JSON.stringify(config, null, 2)}\n`);
execFileSync('npx', ['biome', 'format', '--write', biomeJson], { stdio: 'inherit' });
