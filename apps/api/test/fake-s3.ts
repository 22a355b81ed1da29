import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeObject = { bytes: Buffer; contentType: string | undefined };

/**
 * A local stand-in for an S3-compatible service, as the AWS SDK calls it with path-style addressing: PUT, GET
 * and DELETE of objects in buckets it is told about, answered with S3's status codes and error bodies. A request
 * must be signed with the access key it was started with. `down` makes it answer every call 503, as a
 * service in trouble does.
 */
export async function startFakeS3(options: { buckets: string[]; accessKey?: string }) {
  const accessKey = options.accessKey ?? 'CARCARETESTKEY';
  const secretKey = 'carcare-test-secret-key';
  const buckets = new Map(options.buckets.map((bucket) => [bucket, new Map<string, FakeObject>()]));
  const calls: { method: string; bucket: string; key: string }[] = [];
  const state = { down: false };

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const { pathname } = new URL(request.url ?? '/', 'http://fake-s3');
    const [, bucket = '', ...rest] = pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    calls.push({ method: request.method ?? '', bucket, key });
    if (state.down) return fail(response, 503, 'SlowDown', 'Please reduce your request rate.');
    if (!request.headers.authorization?.includes(`Credential=${accessKey}/`)) {
      return fail(response, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist.');
    }
    const objects = buckets.get(bucket);
    if (!objects) return fail(response, 404, 'NoSuchBucket', 'The specified bucket does not exist.');
    if (request.method === 'PUT' && key) {
      const contentType = request.headers['content-type'];
      objects.set(key, { bytes: body, contentType });
      response.writeHead(200, { etag: '"stored"' }).end();
      return;
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && key) {
      const object = objects.get(key);
      if (!object) return fail(response, 404, 'NoSuchKey', 'The specified key does not exist.');
      response.writeHead(200, {
        'content-type': object.contentType ?? 'application/octet-stream',
        'content-length': object.bytes.length,
      });
      response.end(request.method === 'GET' ? object.bytes : undefined);
      return;
    }
    if (request.method === 'DELETE' && key) {
      // As S3 does: 204 whether or not there was such an object.
      objects.delete(key);
      response.writeHead(204).end();
      return;
    }
    fail(response, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    endpoint,
    calls,
    state,
    /** The bucket's objects by key. */
    objects: (bucket: string) => buckets.get(bucket) ?? new Map<string, FakeObject>(),
    /** S3_URL for a bucket (and a prefix inside it), signed with the right key or the one given. */
    url: (bucket: string, prefix = '', key = accessKey) =>
      `http://${key}:${secretKey}@127.0.0.1:${(server.address() as AddressInfo).port}/${bucket}${prefix ? `/${prefix}` : ''}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>;

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function fail(response: ServerResponse, status: number, code: string, message: string) {
  response
    .writeHead(status, { 'content-type': 'application/xml' })
    .end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}
