import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { SYSTEM_MESSAGES } from '@carcare/contracts/app-config';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors';
import { AppError, type FieldError } from '../lib/app-error';
import { ObjectStorageUnavailableError } from '../lib/object-storage';

/** Fastify's own client errors, mapped to messages a person can act on. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: GENERIC_ERROR_MESSAGES.payloadTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
};

/** Errors the router raises before any route runs, in the same envelope as every other failure. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'The address is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'The address is too long' },
};

/** Fastify's `frameworkErrors`: a bad or over-long path gets the envelope, not Fastify's own body. */
export function frameworkErrorReply(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const known = FRAMEWORK_ERRORS[error.code];
  return reply
    .status(known?.status ?? 500)
    .send({ success: false, message: known?.message ?? GENERIC_ERROR_MESSAGES.internal });
}

/**
 * Fastify's `clientErrorHandler`, for requests Node's HTTP parser refuses before Fastify sees them (headers
 * or address too large, malformed requests, timeouts): the envelope, written straight to the socket.
 */
export function clientErrorReply(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The address or headers of the request are too large']
        : [400, GENERIC_ERROR_MESSAGES.badRequest];
  const body = JSON.stringify({ success: false, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** How long a client is asked to wait before trying again once the database or the image storage did not answer. */
const RETRY_AFTER_SECONDS = 5;

const NUL_MESSAGE = 'Text must not contain NUL characters';

/** PostgreSQL cannot store U+0000 in text: such input is refused up front instead of failing in the database. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/** The envelope for every failure: `{ success: false, message, errors? }`; a 5xx never says more than that it failed. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
        throw new AppError(400, NUL_MESSAGE);
      }
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: FieldError[] = error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? ''),
          message: issue.message ?? GENERIC_ERROR_MESSAGES.badRequest,
        }));
        return reply
          .status(400)
          .send({ success: false, message: errors[0]?.message ?? GENERIC_ERROR_MESSAGES.badRequest, errors });
      }
      if (error instanceof AppError) {
        return reply.status(error.statusCode).send({ success: false, message: error.message, errors: error.errors });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send({ success: false, message: GENERIC_ERROR_MESSAGES.tooManyRequests });
      }
      if (status >= 400 && status < 500) {
        const message = FASTIFY_CLIENT_ERRORS[error.code] ?? GENERIC_ERROR_MESSAGES.badRequest;
        return reply.status(status).send({ success: false, message });
      }
      if (isDatabaseUnavailable(error) || error instanceof ObjectStorageUnavailableError) {
        request.log.warn({ err: error }, 'request failed: the database or the image storage is unavailable');
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ success: false, message: SYSTEM_MESSAGES.temporarilyUnavailable });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ success: false, message: GENERIC_ERROR_MESSAGES.internal });
    });
  },
  { name: 'errors' },
);
