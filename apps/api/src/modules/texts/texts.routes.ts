import { TEXT_MESSAGES, TEXT_WEBHOOK_LIMITS } from '@carcare/contracts/texts-constants';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/responses';
import { applyDeliveryReport } from './delivery-reports';
import { recordInboundText } from './inbound-keywords';

const tags = ['texts'];

const SID_MAX = TEXT_WEBHOOK_LIMITS.field;

/** The fields Twilio posts that are read; it posts more, all of which its signature covers. */
const statusReportSchema = z.looseObject({
  MessageSid: z.string().min(1).max(SID_MAX),
  MessageStatus: z.string().min(1).max(SID_MAX),
  ErrorCode: z.string().max(SID_MAX).optional(),
});
/** The status callback's address names the text it reports on (`?message=`, our id of it). */
const statusReportQuerySchema = z.object({
  message: z.uuid({ error: TEXT_MESSAGES.messageReferenceInvalid }).optional(),
});
const inboundTextSchema = z.looseObject({
  MessageSid: z.string().min(1).max(SID_MAX),
  From: z.string().min(1).max(SID_MAX),
  Body: z.string().max(TEXT_WEBHOOK_LIMITS.body),
});

/**
 * Twilio's SDK, which checks the webhooks' signatures and writes TwiML: loaded with the first call to them, so a
 * shop that does not take texts never holds it (decision 050).
 */
const twilioSdk = async () => (await import('twilio')).default;

/** What the shop's number answers: TwiML with the reply, if any. */
const twimlReply = async (reply: string | undefined) => {
  const twilio = await twilioSdk();
  const response = new twilio.twiml.MessagingResponse();
  if (reply !== undefined) response.message(reply);
  return response.toString();
};

/**
 * Twilio's calls: the delivery reports of the texts it was given (/texts/status) and the texts customers send
 * the shop's number (/texts/inbound). Each call must carry X-Twilio-Signature, made with the auth token (or,
 * with the outbox, TEXT_WEBHOOK_TOKEN) over the public address it was posted to and all its fields (unknown
 * ones kept for it): without a key to check it by, the webhooks answer 404, so that nothing can forge a STOP
 * or a delivery report.
 */
export const textWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { texts } = app.config;
  const key = texts.twilio?.authToken ?? texts.webhookToken;
  // Twilio posts its fields as a form; the signature covers each of them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const signed = async (request: FastifyRequest) => {
    if (key === undefined) throw new AppError(404, TEXT_MESSAGES.notSetUp);
    const signature = request.headers['x-twilio-signature'];
    const fields = request.body !== null && typeof request.body === 'object' ? request.body : {};
    const url = `${app.siteUrlFor(request)}${request.url}`;
    if (typeof signature !== 'string' || !(await twilioSdk()).validateRequest(key, signature, url, fields)) {
      throw new AppError(403, TEXT_MESSAGES.badSignature);
    }
  };

  app.post(
    '/status',
    {
      config: { access: 'public', rateLimit: false, invalidates: [] },
      // Checked once the fields are read and bounded: a malformed call is refused with 400 either way.
      preHandler: signed,
      schema: {
        tags,
        summary:
          "The text provider's delivery report (form fields MessageSid, MessageStatus), signed: a text becomes sent, delivered or failed, and a failed one is emailed where nothing else tells it",
        querystring: statusReportQuerySchema,
        body: statusReportSchema,
        response: {
          200: z.object({ success: z.literal(true), message: z.string() }),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request) => {
      await applyDeliveryReport(app.db, {
        providerId: request.body.MessageSid,
        messageId: request.query.message,
        status: request.body.MessageStatus,
        errorCode: request.body.ErrorCode,
      });
      return { success: true as const, message: TEXT_MESSAGES.statusRecorded };
    },
  );

  app.post(
    '/inbound',
    {
      config: { access: 'public', rateLimit: false, invalidates: [] },
      // Checked once the fields are read and bounded: a malformed call is refused with 400 either way.
      preHandler: signed,
      schema: {
        tags,
        summary:
          "A text to the shop's number (form fields MessageSid, From, Body), signed: STOP stops texts to the number, START lets them go again, HELP is answered with the shop's name and phone; answered in TwiML",
        body: inboundTextSchema,
        produces: ['text/xml'],
        response: {
          200: z.string().describe('text/xml: TwiML, with the reply to HELP'),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const keyword = await recordInboundText(app.db, {
        from: request.body.From,
        body: request.body.Body,
        providerId: request.body.MessageSid,
      });
      const { businessName, phone } = app.shop.current().settings;
      const answer = keyword === 'help' ? TEXT_MESSAGES.help(businessName, phone) : undefined;
      return reply.type('text/xml; charset=utf-8').send(await twimlReply(answer));
    },
  );
};
