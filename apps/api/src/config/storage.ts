import path from 'node:path';
import { z } from 'zod';
import { concern } from './concern';

const S3_URL_SHAPE = 'must look like https://ACCESS_KEY:SECRET_KEY@host/bucket, optionally /prefix and ?region=';

/**
 * S3_URL: `http(s)://[ACCESS_KEY:SECRET_KEY@]host[:port]/bucket[/prefix][?region=us-east-1]`. The bucket is
 * addressed by path, which every S3-compatible service understands.
 */
const s3Url = z
  .string()
  .trim()
  .optional()
  .transform((value, context) => {
    if (!value) return undefined;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({ code: 'custom', message: S3_URL_SHAPE });
      return z.NEVER;
    }
    const [bucket = '', ...prefix] = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const bucketName = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bucketName.test(bucket)) {
      context.addIssue({ code: 'custom', message: S3_URL_SHAPE });
      return z.NEVER;
    }
    if (Boolean(url.username) !== Boolean(url.password)) {
      context.addIssue({ code: 'custom', message: 'must hold both the access key and the secret key, or neither' });
      return z.NEVER;
    }
    const credentials: { accessKeyId: string; secretAccessKey: string } | undefined = url.username
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : undefined;
    return {
      /** The service's origin, such as https://s3.eu-west-1.amazonaws.com or http://minio.internal:9000. */
      endpoint: url.origin,
      bucket,
      /** Prepended to every key, so that one bucket can serve several shops; empty or ending in `/`. */
      prefix: prefix.length > 0 ? `${prefix.join('/')}/` : '',
      region: url.searchParams.get('region') || 'us-east-1',
      /** From the URL's user and password; unset, the SDK's own chain (AWS_ACCESS_KEY_ID, a role...) is used. */
      credentials,
    };
  });

/** Where images are kept instead of the database: an S3-compatible bucket, by its endpoint. */
export type ObjectStorageConfig = NonNullable<z.output<typeof s3Url>>;

/** Where the data is kept: the data directory, the database, the backups and the uploaded images. */
export const storage = concern({
  title: 'Data',
  settings: z.object({
    DATA_DIR: z
      .string()
      .min(1)
      .default('./data')
      .describe(
        "embedded database and its lock, outbox, generated demo credentials; images uploaded before they moved into the database. Created at the server's start; only the server's account may read it: 0700, its files 0600",
      ),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional()
      .describe('`postgres://…` to use a PostgreSQL server instead of the embedded database'),
    DATABASE_POOL_SIZE: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(5)
      .describe(
        "connections each server keeps to PostgreSQL, shared by its requests: about twice the database's cores, since more only wait for each other (decision 051)",
      ),
    BACKUP_DIR: z
      .string()
      .min(1)
      .default('./backups')
      .describe('where `npm run backup` writes its archives (the directory 0700, the archives 0600)'),
    S3_URL: s3Url.meta({
      description:
        'S3-compatible bucket for uploaded images, `https://ACCESS_KEY:SECRET_KEY@host/bucket[/prefix][?region=]` (see [Several instances](docs/operations.md#several-instances))',
      whenUnset: 'unset: images in the database',
    }),
  }),
  read: (env, { baseDir }) => ({
    /** The data directory, absolute; loading the configuration never creates it, the server's start does. */
    dataDir: path.resolve(baseDir, env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    /** Where `npm run backup` writes its archives. */
    backupDir: path.resolve(baseDir, env.BACKUP_DIR),
    /** S3_URL: images go to this bucket instead of the database; undefined keeps them in the database. */
    objectStorage: env.S3_URL,
  }),
});
