import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The text of the mails in the server's outbox to `email`, oldest first, quoted-printable undone. */
export function mailsTo(email: string): string[] {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  // Mails are .eml files; texts have a folder of their own beside them.
  return readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
    .filter((mail) => mail.includes(`To: ${email}`))
    .map((mail) =>
      mail
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    );
}
