import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { clientErrorReply } from './errors';

/**
 * Whether the request has a body that has not all arrived yet. `complete` is false only on a real socket
 * (injected requests have none), and for a request without a body only until its headers are parsed.
 */
const bodyStillArriving = (request: FastifyRequest) =>
  request.raw.complete === false &&
  (request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0);

/**
 * Clients that hold a connection without finishing their request. Node's `requestTimeout` (set on the
 * server) ends one still sending its headers, but not its body once a route has it: here the body gets the
 * same time after the headers, and the connection is cut with a 408 when it is not there by then.
 */
export const slowClientsPlugin = fp(
  async (app: FastifyInstance, { requestTimeoutMs }: { requestTimeoutMs: number }) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!bodyStillArriving(request)) return;
      const raw = request.raw;
      const deadline = setTimeout(() => {
        if (raw.complete || raw.socket.destroyed) return;
        request.log.info('request body not received in time: connection closed');
        if (reply.raw.headersSent) raw.socket.destroy();
        else
          clientErrorReply(
            Object.assign(new Error('request body too slow'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }),
            raw.socket,
          );
      }, requestTimeoutMs);
      deadline.unref();
      raw.once('end', () => clearTimeout(deadline));
      raw.once('close', () => clearTimeout(deadline));
    });

    // An answer given before the body arrived (a 413 by Content-Length, a 401 on an upload) ends the
    // connection: Node would otherwise read the rest of a body no one wants, for as long as the client sends it.
    app.addHook('onSend', async (request, reply) => {
      if (bodyStillArriving(request)) reply.header('connection', 'close');
    });
  },
  { name: 'slow-clients' },
);
