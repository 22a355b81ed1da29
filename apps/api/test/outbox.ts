import PostalMime from 'postal-mime';
import { mailsTo } from './helper';

export type ReadMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string | null; mimeType: string; method: string | undefined; content: string }>;
};

/**
 * The mails in the outbox for `email`, oldest first, decoded by a MIME parser as a mail program reads
 * them: the text and HTML parts and each attachment's bytes as text.
 */
export async function readMailsTo(dataDir: string, email: string): Promise<ReadMail[]> {
  const decoder = new TextDecoder();
  return Promise.all(
    mailsTo(dataDir, email).map(async (raw) => {
      const mail = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
      return {
        from: mail.from?.address ?? '',
        to: (mail.to ?? []).map((address) => address.address ?? ''),
        subject: mail.subject ?? '',
        // The line break before a MIME boundary belongs to the boundary (RFC 2046); the parser keeps it.
        text: (mail.text ?? '').trimEnd(),
        html: mail.html ?? '',
        attachments: mail.attachments.map((attachment) => ({
          filename: attachment.filename,
          mimeType: attachment.mimeType,
          method: attachment.method,
          content: typeof attachment.content === 'string' ? attachment.content : decoder.decode(attachment.content),
        })),
      };
    }),
  );
}
