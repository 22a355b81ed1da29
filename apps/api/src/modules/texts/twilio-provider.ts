import type twilioSdk from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { TwilioAccount } from '../../config';
import type { TextProvider } from './text-provider';

type Twilio = typeof twilioSdk;

/**
 * A request client that sends every call to `apiUrl` instead of Twilio's hosts, keeping the path: the SDK
 * lets a client of one's own make its HTTP calls (ClientOpts.httpClient), which is how tests reach a stand-in.
 */
const redirectedRequestClient = (twilio: Twilio, apiUrl: URL) =>
  new (class extends twilio.RequestClient {
    override request<TData>(opts: RequestClient.RequestOptions<TData>) {
      const target = new URL(opts.uri);
      target.protocol = apiUrl.protocol;
      target.host = apiUrl.host;
      return super.request<TData>({ ...opts, uri: target.href });
    }
  })();

/**
 * Sends through Twilio's Messages API from TWILIO_FROM (or the messaging service); its delivery reports come
 * to `statusCallback`, the status webhook's public address, with the text's reference as `?message=`.
 */
export async function createTwilioProvider(account: TwilioAccount, statusCallback: string): Promise<TextProvider> {
  // The SDK is loaded by a shop that sends its texts through Twilio, and never by one that does not (decision 050).
  const { default: twilio } = await import('twilio');
  const client = twilio(account.accountSid, account.authToken, {
    httpClient: account.apiUrl === undefined ? undefined : redirectedRequestClient(twilio, new URL(account.apiUrl)),
  });
  return {
    name: 'twilio',
    send: async (text) => {
      const sender =
        account.messagingServiceSid !== undefined
          ? { messagingServiceSid: account.messagingServiceSid }
          : { from: account.from };
      const callback = new URL(statusCallback);
      if (text.reference !== undefined) callback.searchParams.set('message', text.reference);
      const message = await client.messages.create({
        to: text.to,
        body: text.body,
        statusCallback: callback.href,
        ...sender,
      });
      return { providerId: message.sid };
    },
  };
}
