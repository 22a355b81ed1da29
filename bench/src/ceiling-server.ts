import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

// The ceiling: a bare Fastify route answering the same JSON from memory, no database, no plugins.
const body = readFileSync(process.env.CEILING_BODY_FILE ?? '', 'utf8');
const app = Fastify({ logger: false });
app.get('/', async (_request, reply) => reply.type('application/json').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
