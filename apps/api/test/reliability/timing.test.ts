import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mail } from '../../src/lib/mailer';
import type { TestApp, TestUser } from '../helper';

// Every password check the server makes is counted; the checks themselves are the real ones.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...original, verify: vi.fn(original.verify) };
});

let argon2: typeof import('@node-rs/argon2');
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  // Suites share their worker's modules: the app is loaded afresh here, so that it sees the counted checks.
  vi.resetModules();
  argon2 = await import('@node-rs/argon2');
  const { createTestApp, signedInUser } = await import('../helper');
  t = await createTestApp();
  user = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  vi.mocked(argon2.verify).mockClear();
});

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('signing in', () => {
  it('checks a password hash for an unknown email exactly as for a wrong password, keeping both messages', async () => {
    const wrong = await login(user.email, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.wrongPassword);
    expect(argon2.verify).toHaveBeenCalledTimes(1);
    const [knownHash] = vi.mocked(argon2.verify).mock.calls[0] ?? [];

    vi.mocked(argon2.verify).mockClear();
    const unknown = await login('nobody.here@example.com', 'not the password');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(AUTH_MESSAGES.noAccount);
    expect(argon2.verify).toHaveBeenCalledTimes(1);
    const [dummyHash, password] = vi.mocked(argon2.verify).mock.calls[0] ?? [];
    expect(password).toBe('not the password');
    // The same kind of hash, so the same cost: argon2id with the parameters real passwords get.
    expect(String(dummyHash).split('$').slice(0, 4)).toEqual(String(knownHash).split('$').slice(0, 4));
    expect(dummyHash).not.toBe(knownHash);
  });
});

describe('forgot password', () => {
  it('answers before the mail is sent, the same for known and unknown emails', async () => {
    const sent: Mail[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const realSend = t.app.mailer.send;
    // A mail server that does not answer until the test lets it.
    t.app.mailer.send = async (mail) => {
      await gate;
      sent.push(mail);
    };
    try {
      const known = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'nobody.here@example.com' },
      });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(sent).toEqual([]);

      release();
      await t.app.backgroundTasks.settled();
      expect(sent.map((mail) => mail.to)).toEqual([user.email]);
    } finally {
      t.app.mailer.send = realSend;
    }
  });

  it('logs a failed mail and still answers 200', async () => {
    const realSend = t.app.mailer.send;
    t.app.mailer.send = async () => {
      throw new Error('SMTP server unreachable');
    };
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      expect(response.statusCode).toBe(200);
      await expect(t.app.backgroundTasks.settled()).resolves.toBeUndefined();
    } finally {
      t.app.mailer.send = realSend;
    }
  });
});
