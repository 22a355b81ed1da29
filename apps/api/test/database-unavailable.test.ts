import { createServer, type Server } from 'node:net';
import { SYSTEM_MESSAGES } from '@carcare/contracts/app-config';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { errorsPlugin } from '../src/plugins/errors';
import { freePort } from './server-process';

/** An error as the query builder raises it: its own message quoting the statement, the driver's as cause. */
const wrapped = (cause: Error, statement = 'select "id" from "bookings"') =>
  new Error(`Failed query: ${statement}\nparams: `, { cause });

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a request whose database cannot be reached', () => {
  let unreachable: DatabaseHandle;
  let silent: DatabaseHandle;
  /** Takes connections and never says a word, as a server behind a dead route or a stuck proxy. */
  const silentServer: Server = createServer(() => {});
  const app = Fastify();
  let thrown: unknown;

  beforeAll(async () => {
    unreachable = await openDatabase({
      kind: 'postgres',
      url: `postgres://carcare@127.0.0.1:${await freePort()}/carcare`,
    });
    await new Promise<void>((resolve) => silentServer.listen(0, '127.0.0.1', resolve));
    const address = silentServer.address();
    silent = await openDatabase({
      kind: 'postgres',
      url: `postgres://carcare@127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/carcare`,
    });
    await app.register(errorsPlugin);
    app.get('/query', async () => unreachable.db.execute(sql`select 1`));
    app.get('/silent', async () => silent.db.execute(sql`select 1`));
    app.get('/throw', async () => {
      throw thrown;
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await unreachable.close();
    await silent.close();
    silentServer.close();
  });

  const expectUnavailable = (response: Awaited<ReturnType<typeof app.inject>>) => {
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ success: false, message: SYSTEM_MESSAGES.temporarilyUnavailable });
  };

  it('answers 503 with the message and Retry-After when the connection is refused, never the SQL or the cause', async () => {
    const started = Date.now();
    const response = await app.inject({ method: 'GET', url: '/query' });
    expectUnavailable(response);
    expect(response.body).not.toMatch(/select|ECONNREFUSED|127\.0\.0\.1|stack/i);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers 503 once opening a connection to a server that never answers times out, before a pooled wait would', async () => {
    const started = Date.now();
    const response = await app.inject({ method: 'GET', url: '/silent' });
    expectUnavailable(response);
    // Opening a connection has a bound of its own (2 s), shorter than the wait for a free one (5 s).
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it.each([
    ['a connection that could not be opened in time', new Error('timeout expired')],
    ['a connection lost mid-query', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a pool that found no connection in time', new Error('timeout exceeded when trying to connect')],
    ['a query the server never answered', wrapped(new Error('Query read timeout'))],
    ['a connection reset', wrapped(withCode('read ECONNRESET', 'ECONNRESET'))],
    ['a write to a closed connection', withCode('write EPIPE', 'EPIPE')],
    ['a connection that timed out', withCode('connect ETIMEDOUT 10.0.0.1:5432', 'ETIMEDOUT')],
    ['a server shutting down', wrapped(withCode('terminating connection due to administrator command', '57P01'))],
    ['a server still starting', withCode('the database system is starting up', '57P03')],
    ['a connection exception', wrapped(withCode('connection failure', '08006'))],
  ])('answers 503 for %s', async (_case, error) => {
    thrown = error;
    const response = await app.inject({ method: 'GET', url: '/throw' });
    expectUnavailable(response);
    expect(response.body).not.toMatch(/Failed query|bookings|Connection|EPIPE|ECONNRESET|administrator/);
  });

  it.each([
    ['a refused statement', wrapped(withCode('duplicate key value violates unique constraint', '23505'))],
    [
      'a refused statement whose parameters quote a connection failure',
      wrapped(withCode('value too long', '22001'), "insert into reviews values ('Connection terminated unexpectedly')"),
    ],
  ])('still answers 500 for %s', async (_case, error) => {
    thrown = error;
    const response = await app.inject({ method: 'GET', url: '/throw' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json()).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.internal });
  });
});
