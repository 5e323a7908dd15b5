/**
 * Blob store on S3 or any S3-compatible service (MinIO, R2, ...), a thin wrapper over @aws-sdk/client-s3.
 * Used when S3_BUCKET is set; S3_ENDPOINT points at a compatible service (path-style addressing then).
 * Credentials come from the SDK's default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, instance role, ...).
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { ProviderError } from '../../lib/errors.ts';
import { BlobNotFoundError, assertValidBlobKey, type BlobStore } from './blobs.ts';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  /** Prefix of every key (e.g. "answerdesk/"), so one bucket can serve several apps. */
  prefix?: string;
  /** Explicit credentials (tests); otherwise the SDK's default chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

function failure(action: string, error: unknown): ProviderError {
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  return new ProviderError(
    's3',
    `${action} failed${status ? ` with ${status}` : ''}`,
    status === undefined || status >= 500,
    {
      cause: error,
    },
  );
}

export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    maxAttempts: 3,
  });
  const keyOf = (key: string) => {
    assertValidBlobKey(key);
    return `${options.prefix ?? ''}${key}`;
  };
  return {
    kind: 's3',
    async put(key, data, putOptions) {
      const objectKey = keyOf(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: options.bucket,
            Key: objectKey,
            Body: data,
            ContentLength: data.length,
            ...(putOptions?.contentType ? { ContentType: putOptions.contentType } : {}),
          }),
        );
      } catch (error) {
        throw failure('storing a file', error);
      }
    },
    async get(key) {
      const objectKey = keyOf(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey }));
        if (!result.Body) throw new BlobNotFoundError(key);
        return Buffer.from(await result.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof BlobNotFoundError) throw error;
        if (isNotFound(error)) throw new BlobNotFoundError(key);
        throw failure('reading a file', error);
      }
    },
    async delete(key) {
      const objectKey = keyOf(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey }));
      } catch (error) {
        if (isNotFound(error)) return;
        throw failure('deleting a file', error);
      }
    },
  };
}
