import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The texts in a server's text outbox (DATA_DIR/outbox/sms, one file each: a `To:` line with the number, a
 * blank line, the words) sent to `number`, oldest first. The journeys' server's unless `dataDir` names another.
 */
export function textsTo(number: string, dataDir = process.env.E2E_DATA_DIR ?? ''): string[] {
  const outbox = path.join(dataDir, 'outbox', 'sms');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith('.txt'));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
    .filter((text) => text.startsWith(`To: ${number}\n`))
    .map((text) => text.slice(text.indexOf('\n\n') + 2).trim());
}

/** The first address on our own site in a text. */
export const linkIn = (text: string): string => {
  const link = text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`No link in the text: ${text}`);
  return link.replace(/[.,)]+$/, '');
};
