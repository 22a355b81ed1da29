import { toE164 } from '@carcare/contracts/phone';
import { TEXT_KEYWORD_WORDS, type TextKeyword } from '@carcare/contracts/texts-constants';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { textKeywordEvents, textOptOuts } from '../../db/schema';

/** The keyword a text is, when its whole body is one of the words (any case, spaces around ignored). */
export function keywordOf(body: string): TextKeyword | undefined {
  const word = body.trim().toUpperCase();
  for (const [keyword, words] of Object.entries(TEXT_KEYWORD_WORDS) as Array<[TextKeyword, readonly string[]]>) {
    if (words.includes(word)) return keyword;
  }
  return undefined;
}

/**
 * Honours a text a customer sent the shop: STOP stops every text to the number, START lets them go again,
 * HELP is only recorded (the reply is the caller's). Each inbound text counts once however often the provider
 * delivers it (its id is unique among the events). Answers the keyword, if the text was one.
 */
export async function recordInboundText(
  db: Database,
  inbound: { from: string; body: string; providerId: string },
  now: Date = new Date(),
): Promise<TextKeyword | undefined> {
  const keyword = keywordOf(inbound.body);
  const phone = toE164(inbound.from);
  if (keyword === undefined || phone === undefined) return keyword;
  await db.transaction(async (tx) => {
    const [event] = await tx
      .insert(textKeywordEvents)
      .values({ phone, keyword, providerId: inbound.providerId, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: textKeywordEvents.id });
    if (!event) return;
    if (keyword === 'stop') {
      await tx.insert(textOptOuts).values({ phone, stoppedAt: now }).onConflictDoNothing();
    } else if (keyword === 'start') {
      await tx.delete(textOptOuts).where(eq(textOptOuts.phone, phone));
    }
  });
  return keyword;
}
