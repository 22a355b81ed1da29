import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files';
import type { OutgoingText, TextProvider } from './text-provider';

/** The outbox's id of a text: its file's name without `.txt`. */
const OUTBOX_ID_PREFIX = 'outbox-';

/**
 * The text as its outbox file holds it: a `To:` line with the number (E.164), a blank line, then the text.
 * Whatever reads the outbox relies on this: one file per text, the number, then the words.
 */
export const outboxFileText = (text: OutgoingText) => `To: ${text.to}\n\n${text.body}\n`;

/**
 * Writes each text as a file under DATA_DIR/outbox/sms, named by the instant and its id, and logs where: a shop
 * without a text provider still sees what its customers would be sent. Private, as the mail outbox is.
 */
export function createOutboxProvider(options: { dataDir: string; log: FastifyBaseLogger }): TextProvider {
  const folder = path.join(options.dataDir, 'outbox', 'sms');
  return {
    name: 'outbox',
    send: async (text) => {
      const providerId = `${OUTBOX_ID_PREFIX}${randomUUID()}`;
      mkdirSync(folder, { recursive: true, mode: PRIVATE_DIR_MODE });
      const file = path.join(folder, `${new Date().toISOString().replaceAll(':', '-')}-${providerId}.txt`);
      writeFileSync(file, outboxFileText(text), { mode: PRIVATE_FILE_MODE });
      options.log.info({ to: text.to, file }, 'text written to the outbox');
      return { providerId };
    },
  };
}
