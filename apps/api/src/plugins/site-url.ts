import { hostname, networkInterfaces } from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The site's address for links made while answering `request` (payment links, reset links): PUBLIC_URL;
     * in development without it, the address the browser used when that names this machine, so that a visitor
     * of http://127.0.0.1:3000 is sent back there, where their session is, rather than to localhost.
     */
    siteUrlFor: (request: FastifyRequest) => string;
  }
}

/** The names and addresses by which a browser can reach this machine: its own, never one a client made up. */
function ownHostNames(): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '::1', hostname().toLowerCase()]);
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) names.add(address.address.toLowerCase());
  }
  return names;
}

/** A host as the URL parser spells it, without brackets around an IPv6 address. */
const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1').toLowerCase();

export const siteUrlPlugin = fp(
  async (app: FastifyInstance) => {
    const { publicUrl, publicUrlConfigured, env } = app.config;
    const fromRequest = env === 'development' && !publicUrlConfigured;
    const own = fromRequest ? ownHostNames() : new Set<string>();
    app.decorate('siteUrlFor', (request: FastifyRequest) => {
      if (!fromRequest) return publicUrl;
      let url: URL;
      try {
        url = new URL(`${request.protocol}://${request.host}`);
      } catch {
        return publicUrl;
      }
      return own.has(bare(url.hostname)) ? url.origin : publicUrl;
    });
  },
  { name: 'site-url' },
);
