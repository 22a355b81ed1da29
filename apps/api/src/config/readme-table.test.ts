import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { concerns, configSchema } from './index';
import { configurationTables, README_END, README_START, withConfigurationTables } from './readme-table';

const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../README.md'), 'utf8');

describe("the README's configuration tables", () => {
  it('are the ones the schemas write: run `npm run docs:config` after changing a setting', () => {
    const written = readme.slice(readme.indexOf(README_START), readme.indexOf(README_END) + README_END.length);
    expect(written).toBe(configurationTables());
  });

  it('list every setting once, with its description, its default and its own heading', () => {
    const names = concerns.flatMap((concern) => Object.keys(concern.settings.shape));
    expect(new Set(names).size).toBe(names.length);
    expect(names.toSorted()).toEqual(Object.keys(configSchema.in.shape).toSorted());
    const tables = configurationTables();
    for (const name of names) expect(tables).toContain(`| \`${name}\``);
    for (const concern of concerns) expect(tables).toContain(`### ${concern.title}\n`);
    expect(tables).toMatch(/\| `PORT` +\| `3000` +\| the port web and API listen on +\|/);
    expect(tables).toMatch(/\| `PUBLIC_URL` +\| required in production +\|/);
  });

  it('refuse a setting without a description, and a README without the markers', () => {
    const [first] = concerns;
    const shape = first.settings.shape as Record<string, z.ZodType>;
    shape.UNDESCRIBED = z.string().optional();
    try {
      expect(() => configurationTables()).toThrow('UNDESCRIBED has no description');
    } finally {
      delete shape.UNDESCRIBED;
    }
    expect(() => withConfigurationTables('# CarCare\n')).toThrow(README_START);
  });

  it('are rewritten in place, leaving the rest of the README as it was', () => {
    const stale = readme.replace('the port web and API listen on', 'an old description');
    expect(stale).not.toBe(readme);
    expect(withConfigurationTables(stale)).toBe(readme);
  });
});
