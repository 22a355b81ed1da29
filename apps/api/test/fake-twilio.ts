import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import twilio from 'twilio';

/** A text the fake was asked to send, as Twilio's Messages API receives it. */
export type SentText = {
  sid: string;
  to: string;
  from: string | undefined;
  body: string;
  statusCallback: string | undefined;
};

export const FAKE_ACCOUNT_SID = `AC${'0'.repeat(32)}`;
export const FAKE_AUTH_TOKEN = 'fake-twilio-auth-token-0123456789';

/**
 * Form fields signed as Twilio signs its webhooks (X-Twilio-Signature: the URL and the sorted fields, HMAC-SHA1
 * with the auth token), ready for `app.inject`. `publicUrl` is the address the app is known by.
 */
export function signedWebhook(
  authToken: string,
  publicUrl: string,
  path: string,
  fields: Record<string, string>,
): InjectOptions {
  return {
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, `${publicUrl}${path}`, fields),
    },
    payload: new URLSearchParams(fields).toString(),
  };
}

/**
 * A local stand-in for Twilio's Messages API: it checks each call's account and auth token (401 otherwise),
 * records the texts, and answers as Twilio does (201 with the message's sid), or refuses the next ones as told
 * (`refuseNext`, Twilio's 400 for a number it cannot text). `gateUntil` holds every answer until texts from
 * each of the given senders (TWILIO_FROM) arrived, so that several instances certainly send at once.
 */
export function fakeTwilio(authToken = FAKE_AUTH_TOKEN, accountSid = FAKE_ACCOUNT_SID) {
  const sent: SentText[] = [];
  const calls: Array<{ path: string; authorized: boolean }> = [];
  let refusals = 0;
  let counter = 0;
  let gate: Promise<void> = Promise.resolve();
  let gateSenders: Set<string> | undefined;
  let openGate = () => {};
  let onNextText: ((text: SentText) => void) | undefined;
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const messagesPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`;

  const server = createServer(async (request, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const path = (request.url ?? '').split('?')[0] ?? '';
    const authorized = request.headers.authorization === expectedAuth;
    calls.push({ path, authorized });
    response.setHeader('content-type', 'application/json');
    const reply = (status: number, body: object) => {
      response.statusCode = status;
      response.end(JSON.stringify(body));
    };
    if (!authorized) return reply(401, { code: 20003, message: 'Authenticate', status: 401 });
    if (request.method !== 'POST' || path !== messagesPath)
      return reply(404, { code: 20404, message: 'Not found', status: 404 });
    const form = new URLSearchParams(raw);
    if (refusals > 0) {
      refusals -= 1;
      return reply(400, { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 });
    }
    counter += 1;
    const text: SentText = {
      sid: `SM${String(counter).padStart(32, '0')}`,
      to: form.get('To') ?? '',
      from: form.get('From') ?? undefined,
      body: form.get('Body') ?? '',
      statusCallback: form.get('StatusCallback') ?? undefined,
    };
    sent.push(text);
    onNextText?.(text);
    onNextText = undefined;
    if (gateSenders && text.from && gateSenders.has(text.from)) {
      gateSenders.delete(text.from);
      if (gateSenders.size === 0) openGate();
    }
    await gate;
    reply(201, {
      sid: text.sid,
      account_sid: accountSid,
      to: text.to,
      from: text.from,
      body: text.body,
      status: 'queued',
    });
  });

  return {
    server,
    sent,
    calls,
    authToken,
    accountSid,
    /** The next `count` texts are refused, as Twilio refuses a number it cannot text. */
    refuseNext(count = 1) {
      refusals += count;
    },
    gateUntil(senders: string[], giveUpMs = 30_000) {
      gateSenders = new Set(senders);
      gate = new Promise<void>((resolve) => {
        openGate = resolve;
        setTimeout(resolve, giveUpMs).unref();
      });
    },
    /** Twilio's delivery report on a text, signed, for the app known as `publicUrl`. */
    statusReport(publicUrl: string, sid: string, status: string) {
      return signedWebhook(authToken, publicUrl, '/api/texts/status', {
        AccountSid: accountSid,
        MessageSid: sid,
        MessageStatus: status,
        ...(status === 'undelivered' || status === 'failed' ? { ErrorCode: '30003' } : {}),
      });
    },
    /**
     * Twilio's delivery report on `text`, posted to the StatusCallback it was sent with (its path and query on
     * the app), signed over that whole address as Twilio signs it.
     */
    reportOn(text: SentText, status: string) {
      const callback = new URL(text.statusCallback ?? '');
      return signedWebhook(authToken, callback.origin, `${callback.pathname}${callback.search}`, {
        AccountSid: accountSid,
        MessageSid: text.sid,
        MessageStatus: status,
        ...(status === 'undelivered' || status === 'failed' ? { ErrorCode: '30003' } : {}),
      });
    },
    /**
     * Holds the answer to the next text sent until `release` is called: `received` resolves with the text as
     * Twilio took it, so that a test can act while the app still waits for the text's id.
     */
    holdNextReply() {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const received = new Promise<SentText>((resolve) => {
        onNextText = resolve;
      });
      return { received, release: () => release() };
    },
    /** A text from a customer's phone to the shop's number, signed, for the app known as `publicUrl`. */
    inboundText(publicUrl: string, from: string, body: string, sid: string) {
      return signedWebhook(authToken, publicUrl, '/api/texts/inbound', {
        AccountSid: accountSid,
        MessageSid: sid,
        From: from,
        To: '+15005550006',
        Body: body,
      });
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close() {
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
