import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../helper';

/** Short enough for a suite; the server's own is REQUEST_TIMEOUT_MS. */
const TEST_REQUEST_TIMEOUT_MS = 300;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ requestTimeoutMs: TEST_REQUEST_TIMEOUT_MS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/** A raw connection to the server, and the first answer on it as the bytes on the wire say. */
function openConnection() {
  const socket: Socket = connect(port, '127.0.0.1');
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  // The server ending its side: the connection is not kept for another request.
  const ended = new Promise<void>((resolve) => socket.once('end', () => resolve()));
  socket.on('error', () => {});
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    let received = '';
    const parse = () => {
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd === -1) return undefined;
      const [statusLine = '', ...lines] = received.slice(0, headEnd).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const body = received.slice(headEnd + 4);
      if (Buffer.byteLength(body) < Number(headers['content-length'] ?? 0)) return undefined;
      return { status: Number(statusLine.split(' ')[1]), headers, body };
    };
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      const parsed = parse();
      if (parsed) resolve(parsed);
    });
    socket.once('close', () =>
      reject(new Error(`the connection closed without an answer: ${JSON.stringify(received)}`)),
    );
  });
  return { socket, answer, closed, ended };
}

/** Writes `text` one byte every `intervalMs` until it is all sent or the server hangs up; resolves with the count sent. */
function trickle(socket: Socket, text: string, intervalMs: number): Promise<number> {
  return new Promise((resolve) => {
    let sent = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || !socket.writable || sent === text.length) {
        clearInterval(timer);
        resolve(sent);
        return;
      }
      socket.write(text[sent] ?? '');
      sent += 1;
    }, intervalMs);
  });
}

const LOGIN_BODY = JSON.stringify({ email: 'slow.client@example.com', password: 'x'.repeat(60) });

describe('a client that sends its request slowly', () => {
  it('is given 30 s to send a whole request', () => {
    expect(loadConfig({ DATA_DIR: t.config.dataDir }).requestTimeoutMs).toBe(30_000);
  });

  it('trickling its body is answered 408 in the envelope and cut off before it finishes', async () => {
    const { socket, answer, closed } = openConnection();
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${LOGIN_BODY.length}\r\n\r\n`,
    );
    // A byte every 40 ms: the whole body would take far longer than the timeout.
    const sent = trickle(socket, LOGIN_BODY, 40);
    const response = await answer;
    expect(response.status).toBe(408);
    expect(response.headers.connection).toBe('close');
    expect(JSON.parse(response.body)).toEqual({ success: false, message: 'The request took too long to arrive' });
    await closed;
    expect(await sent).toBeLessThan(LOGIN_BODY.length);
  });

  it('trickling its headers is answered 408 and cut off too', async () => {
    const { socket, answer, closed } = openConnection();
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const headers = `X-Slow: ${'a'.repeat(100)}\r\n\r\n`;
    const sent = trickle(socket, headers, 40);
    expect((await answer).status).toBe(408);
    await closed;
    expect(await sent).toBeLessThan(headers.length);
  });
});

describe('an answer given before the body arrived', () => {
  it('to an upload by a visitor (401) closes the connection instead of reading the rest', async () => {
    const { socket, answer, ended } = openConnection();
    socket.write(
      'PUT /api/user/update-profile-image HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 500000\r\n\r\n--x\r\n',
    );
    const response = await answer;
    expect(response.status).toBe(401);
    expect(response.headers.connection).toBe('close');
    // The server hangs up although 499,995 bytes of the body were never sent.
    await ended;
    socket.destroy();
  });

  it('to a body declared over the limit (413) closes the connection', async () => {
    const { socket, answer, ended } = openConnection();
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n{"email":',
    );
    const response = await answer;
    expect(response.status).toBe(413);
    expect(response.headers.connection).toBe('close');
    expect(JSON.parse(response.body)).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.payloadTooLarge });
    await ended;
    socket.destroy();
  });

  it('keeps the connection when the whole request was read, even for a 4xx', async () => {
    const { socket, answer } = openConnection();
    const body = '{"email":"nobody"}';
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    const response = await answer;
    expect(response.status).toBe(400);
    expect(response.headers.connection).toBe('keep-alive');
    socket.destroy();
  });
});
