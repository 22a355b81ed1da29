import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withConfigurationTables } from '../config/readme-table';

/** `npm run docs:config`: writes the README's configuration tables from the settings' schemas. */
const readme = path.resolve(import.meta.dirname, '../../../../README.md');
const before = readFileSync(readme, 'utf8');
const after = withConfigurationTables(before);
writeFileSync(readme, after);
console.log(
  after === before ? 'README.md: the configuration tables were up to date' : 'README.md: configuration tables written',
);
