import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * The number as E.164 (`+14155552671`), the one form a phone is stored, shown and exported in, whatever
 * spacing or punctuation was typed; an extension (`ext. 1234`) is not part of it and is dropped. Undefined
 * unless the text is a whole, valid number in international format: a leading + and its country code, as
 * the phone input sends it. There is no default country to read a national number by (decision 028).
 */
export function toE164(text: string): string | undefined {
  const parsed = parsePhoneNumberFromString(text, { extract: false });
  return parsed?.isValid() ? parsed.number : undefined;
}
