import { z } from 'zod';
import { concerns } from './index';

/** Where the tables stand in the README: everything between these lines is written by `npm run docs:config`. */
export const README_START = '<!-- configuration:start -->';
export const README_END = '<!-- configuration:end -->';

/** What the table says of a setting left unset: its schema's default, else what its `.meta` names, else "unset". */
function whenUnset(schema: z.ZodType): string {
  const shown = z.globalRegistry.get(schema)?.whenUnset;
  if (typeof shown === 'string') return shown;
  if (schema instanceof z.ZodDefault) return `\`${String(schema.def.defaultValue)}\``;
  return 'unset';
}

/** A Markdown table whose columns line up in the file too, so that the README reads as well unrendered. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** The README's configuration tables, one per concern, written from the settings' schemas and descriptions. */
export function configurationTables(): string {
  const sections = concerns.map((concern) => {
    const rows = Object.entries(concern.settings.shape).map(([name, schema]: [string, z.ZodType]) => {
      const description = z.globalRegistry.get(schema)?.description;
      if (!description) throw new Error(`${name} has no description: give its schema a .describe() or .meta()`);
      return [`\`${name}\``, whenUnset(schema), description];
    });
    return `### ${concern.title}\n\n${table(['variable', 'default', 'meaning'], rows)}`;
  });
  return [
    README_START,
    '<!-- Written by `npm run docs:config` from the schemas in apps/api/src/config/: change the descriptions there. -->',
    '',
    sections.join('\n\n'),
    '',
    README_END,
  ].join('\n');
}

/** The README with its configuration tables written anew; a README without the markers is an error. */
export function withConfigurationTables(readme: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`the README has no ${README_START} … ${README_END} section`);
  return readme.slice(0, start) + configurationTables() + readme.slice(end + README_END.length);
}
