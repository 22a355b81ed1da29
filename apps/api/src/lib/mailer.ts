import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files';

/** A file sent with a mail, such as a calendar event. */
export type MailAttachment = { filename: string; content: string; contentType: string };

/** A mail in plain text, and also in HTML when `html` is given (mail programs show the one they can). */
export type Mail = { to: string; subject: string; text: string; html?: string; attachments?: MailAttachment[] };
export type Mailer = { send: (mail: Mail) => Promise<void> };

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Sends through SMTP_URL when one is set; otherwise writes each message as an .eml file under
 * DATA_DIR/outbox and logs where, so that nothing needs a mail server to work.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  dataDir: string;
  /** The sender, asked for each mail: the shop's name may change while the server runs. */
  from: () => { name: string; address: string };
  log: FastifyBaseLogger;
}): Mailer {
  const mailer = deliveringMailer(options);
  return {
    // A customer the shop added with a phone alone has no email: what would be mailed to them is not sent.
    send: async (mail) => {
      if (mail.to === '') {
        options.log.info({ subject: mail.subject }, 'mail not sent: the customer has no email');
        return;
      }
      await mailer.send(mail);
    },
  };
}

function deliveringMailer(options: Parameters<typeof createMailer>[0]): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({ from: options.from(), ...mail });
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ from: options.from(), ...mail });
      // Mails carry reset links: the outbox is the server account's alone, whatever the process's umask.
      mkdirSync(outbox, { recursive: true, mode: PRIVATE_DIR_MODE });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replaceAll(':', '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      writeFileSync(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      options.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox');
    },
  };
}
