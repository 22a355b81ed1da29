import { existsSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { concern } from './concern';

/** Names that proxy-addr understands for whole address ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** More proxies than any real chain in front of a shop has; a larger count trusts every hop a client writes. */
const MAX_TRUSTED_PROXY_HOPS = 10;

/** An address or an address/prefix range, as TRUST_PROXY names a proxy; undefined for anything else. */
const parseProxyAddress = (entry: string) => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return undefined;
  const bits = family === 4 ? 32 : 128;
  if (prefix === undefined) return { address, prefix: bits, family: family === 4 ? 'ipv4' : 'ipv6' } as const;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return undefined;
  return { address, prefix: Number(prefix), family: family === 4 ? 'ipv4' : 'ipv6' } as const;
};

/**
 * Whether a range holds every IPv4 or every IPv6 address: `0.0.0.0/0`, `::/0`, and IPv6 ranges that hold
 * every IPv4-mapped address (`::/80`, `::ffff:0:0/96`), which proxy-addr matches IPv4 clients against.
 */
const coversEveryone = (range: { address: string; prefix: number; family: 'ipv4' | 'ipv6' }) => {
  const list = new BlockList();
  list.addSubnet(range.address, range.prefix, range.family);
  return (
    (list.check('0.0.0.0', 'ipv4') && list.check('255.255.255.255', 'ipv4')) ||
    (list.check('::', 'ipv6') && list.check('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'ipv6'))
  );
};

/**
 * Which hops may tell the client's address in X-Forwarded-For: none (unset, `false` or `0`), a number of
 * proxies in front of the server, or the proxies' own addresses and ranges. Never "everyone": a client
 * would then choose its own address and walk around every per-address limit.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, context): false | number | string[] => {
    if (value === undefined || value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) {
      if (Number(value) <= MAX_TRUSTED_PROXY_HOPS) return Number(value);
      context.addIssue({
        code: 'custom',
        message: `must be at most ${MAX_TRUSTED_PROXY_HOPS} proxies (not ${value}): a larger count trusts every hop, so a client could choose its own address`,
      });
      return z.NEVER;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !PROXY_RANGE_NAMES.includes(entry) && !parseProxyAddress(entry));
    if (bad.length > 0 || entries.length === 0) {
      context.addIssue({
        code: 'custom',
        message: `must be a number of proxies or a comma-separated list of their addresses (not ${bad.join(', ') || value})`,
      });
      return z.NEVER;
    }
    const everyone = entries.filter((entry) => {
      const range = parseProxyAddress(entry);
      return range !== undefined && coversEveryone(range);
    });
    if (everyone.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `cannot trust everyone (${everyone.join(', ')} covers every address): a client could choose its own address; name the proxies' own addresses or ranges`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** Enough for a 1 MB upload at 35 KB/s, a slow mobile link; a slower client is holding the socket on purpose. */
const REQUEST_TIMEOUT_MS = 30_000;

const defaultWebDist = path.resolve(import.meta.dirname, '../../../web/dist');

/** Where the server listens, the address it answers for, whom it believes about clients, and what it serves. */
export const server = concern({
  title: 'Server',
  settings: z.object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe('the port web and API listen on'),
    HOST: z.string().min(1).default('0.0.0.0').describe('the address web and API listen on'),
    PUBLIC_URL: z.url().optional().meta({
      description:
        "the site's own address, for payment return links, emails and image URLs; `https://` makes the refresh cookie `Secure`. In development without it, links lead back to the address the browser used when it is one of this machine's, else `http://localhost:$PORT`",
      whenUnset: 'required in production',
    }),
    TRUST_PROXY: trustProxy.meta({
      description: `which proxies may tell the client's address in \`X-Forwarded-For\`: a number of proxies (\`1\` behind one load balancer; at most \`${MAX_TRUSTED_PROXY_HOPS}\`) or their addresses and ranges (\`10.0.0.5, 10.1.0.0/16\`; no range of every address); rate limits key on it`,
      whenUnset: 'unset: trust none',
    }),
    WEB_DIST_DIR: z.string().optional().meta({
      description: 'the built web app to serve',
      whenUnset: '`apps/web/dist`',
    }),
    WEB_RENDER_ENTRY: z.string().optional().meta({
      description: "the web app's server build that renders public pages; without it every page is the client app",
      whenUnset: '`apps/web/dist-ssr/entry-server.js`',
    }),
  }),
  refuse: (env, { production }) =>
    production && env.PUBLIC_URL === undefined
      ? [
          {
            key: 'PUBLIC_URL',
            message:
              "required in production: the shop's own address (https://shop.example.com), which payment return links, emails and the sitemap name",
          },
        ]
      : [],
  read: (env, { baseDir }) => {
    const webDistDir = env.WEB_DIST_DIR ? path.resolve(baseDir, env.WEB_DIST_DIR) : defaultWebDist;
    // The server build sits beside the browser's: apps/web/dist-ssr next to apps/web/dist.
    const webRenderEntry = env.WEB_RENDER_ENTRY
      ? path.resolve(baseDir, env.WEB_RENDER_ENTRY)
      : path.join(path.dirname(webDistDir), 'dist-ssr', 'entry-server.js');
    return {
      port: env.PORT,
      host: env.HOST,
      publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
      /**
       * Whether PUBLIC_URL was given. Without it (never in production), development answers with the address
       * the browser used when that is one of the server's own, so that a visitor of 127.0.0.1 comes back to
       * 127.0.0.1.
       */
      publicUrlConfigured: env.PUBLIC_URL !== undefined,
      /** Which proxies may tell the client's address (Fastify's trustProxy): none, a hop count or their addresses. */
      trustProxy: env.TRUST_PROXY,
      /** Built web app to serve; none in tests that only call the API. */
      webDistDir: existsSync(webDistDir) ? webDistDir : undefined,
      /** The web app's server build, which renders public pages (decision 022); none serves them as the client app. */
      webRenderEntry: existsSync(webRenderEntry) ? webRenderEntry : undefined,
      /**
       * How long a client has to send a request's headers, and then its body: one trickling either holds a
       * socket and a file descriptor no longer than this (answered 408). Not an env setting: only tests change it.
       */
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
    };
  },
});
