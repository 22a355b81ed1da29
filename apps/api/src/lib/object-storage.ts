import type { ObjectStorageConfig } from '../config';
import { IMMUTABLE_CACHE_CONTROL } from './responses';

declare module 'fastify' {
  interface FastifyInstance {
    /** S3_URL's bucket, where images are kept; undefined when they are kept in the database. */
    objectStorage: ObjectStorage | undefined;
  }
}

/** A bucket of named, never-changing objects: what the app keeps outside its database. */
export type ObjectStorage = {
  /** Where the objects are, for logs and messages: `endpoint/bucket/prefix`, never the keys. */
  readonly location: string;
  /** Writes the object; writing the same name again with the same bytes changes nothing. */
  put: (name: string, bytes: Buffer, contentType: string) => Promise<void>;
  /** The object's bytes; undefined when the bucket has none by that name. */
  get: (name: string) => Promise<Buffer | undefined>;
  /** Removes the object; removing one that is not there changes nothing. */
  delete: (name: string) => Promise<void>;
  close: () => void;
};

/** The bucket could not be reached or did not answer: worth trying again shortly, no fault of the request. */
export class ObjectStorageUnavailableError extends Error {
  override name = 'ObjectStorageUnavailableError';
}

/** How long one call to the bucket may take before the request it serves fails with 503. */
const CALL_TIMEOUT_MS = 5000;

/**
 * The bucket of S3_URL, through the AWS SDK: Amazon S3 or any S3-compatible service (MinIO, R2, Ceph...). The SDK
 * is loaded here, by a shop that keeps its images in a bucket, and never by one that does not (decision 050).
 */
export async function createS3Storage(config: ObjectStorageConfig): Promise<ObjectStorage> {
  const { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } =
    await import('@aws-sdk/client-s3');
  /**
   * Whether the bucket answered and refused the call (wrong credentials, no such bucket...): a configuration
   * to fix, reported as it is, rather than an outage to wait out.
   */
  const refused = (error: unknown) =>
    error instanceof S3ServiceException &&
    error.$metadata.httpStatusCode !== undefined &&
    error.$metadata.httpStatusCode >= 400 &&
    error.$metadata.httpStatusCode < 500;
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: config.credentials,
    forcePathStyle: true,
    // Checksums only where S3 requires them: several S3-compatible services refuse the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
  });
  const key = (name: string) => `${config.prefix}${name}`;
  const location = `${config.endpoint}/${config.bucket}/${config.prefix}`;
  const unavailable = (error: unknown) =>
    new ObjectStorageUnavailableError(`The image storage at ${location} did not answer`, { cause: error });

  return {
    location,
    put: async (name, bytes, contentType) => {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: config.bucket,
            Key: key(name),
            Body: bytes,
            ContentType: contentType,
            CacheControl: IMMUTABLE_CACHE_CONTROL,
          }),
          { abortSignal: AbortSignal.timeout(CALL_TIMEOUT_MS) },
        );
      } catch (error) {
        throw refused(error) ? error : unavailable(error);
      }
    },
    get: async (name) => {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key(name) }), {
          abortSignal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        });
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw refused(error) ? error : unavailable(error);
      }
    },
    delete: async (name) => {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key(name) }), {
          abortSignal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        });
      } catch (error) {
        throw refused(error) ? error : unavailable(error);
      }
    },
    close: () => client.destroy(),
  };
}
