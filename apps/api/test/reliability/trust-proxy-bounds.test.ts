import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { runToExit } from '../server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'carcare-trust-proxy-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const trust = (TRUST_PROXY: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY }).trustProxy;

const EVERYONE = /TRUST_PROXY: cannot trust everyone \(.+ covers every address\)/;

/** The real server started with `env`, as `npm start` runs it: its exit code and everything it printed. */
const startServer = (env: Record<string, string>) =>
  runToExit(
    'server',
    {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.com',
      PAYMENT_PROVIDER: 'sandbox',
      DATA_DIR: dataDir,
      PORT: '0',
      ...env,
    },
    {
      // A server that did start (as one with a refused value once did) is not left running.
      started: (child) =>
        onTestFinished(() => {
          if (child.exitCode === null) child.kill('SIGKILL');
        }),
    },
  );

describe('TRUST_PROXY', () => {
  it.each(['0.0.0.0/0', '::/0', '::ffff:0:0/96', '::/80', '10.0.0.1, 0.0.0.0/00'])(
    'refuses %j, a range that covers every address, as trusting everyone',
    (value) => {
      expect(() => trust(value)).toThrow(ConfigError);
      expect(() => trust(value)).toThrow(EVERYONE);
    },
  );

  it('refuses a hop count above 10, which trusts every hop a client writes', () => {
    for (const value of ['11', '1000']) {
      expect(() => trust(value)).toThrow(
        `TRUST_PROXY: must be at most 10 proxies (not ${value}): a larger count trusts every hop, so a client could choose its own address`,
      );
    }
    expect(trust('10')).toBe(10);
  });

  it('still takes the proxies’ own ranges, however wide a private network is', () => {
    expect(trust('10.0.0.0/8, 0.0.0.0/1, fd00::/8, ::ffff:10.0.0.0/104')).toEqual([
      '10.0.0.0/8',
      '0.0.0.0/1',
      'fd00::/8',
      '::ffff:10.0.0.0/104',
    ]);
  });

  // Before, 0.0.0.0/0 passed the configuration and crashed the start with proxy-addr's stack trace.
  it.each(['0.0.0.0/0', '1000'])(
    '%j stops the server at start with the reason and no stack',
    async (value) => {
      const { code, output } = await startServer({ TRUST_PROXY: value });
      expect(code).toBe(1);
      expect(output.trim().split('\n')[0]).toBe('Invalid configuration:');
      expect(output).toMatch(value === '1000' ? /TRUST_PROXY: must be at most 10 proxies/ : EVERYONE);
      expect(output).not.toMatch(/^\s+at /m);
    },
    60_000,
  );
});
