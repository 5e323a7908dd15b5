/**
 * The blob store: where uploaded files live, shared by every server instance (ARCHITECTURE.md section 1).
 * `local.ts` keeps them in a folder (`DATA_DIR/blobs`, the default); `s3.ts` is the S3-compatible store used
 * when S3_BUCKET is set. Keys are ours (e.g. `documents/<user>/<uuid>`), never a user's file name.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** Stores (or overwrites) the bytes under `key`. */
  put(key: string, data: Buffer, options?: { contentType?: string }): Promise<void>;
  /** The bytes under `key`; throws BlobNotFoundError when there are none. */
  get(key: string): Promise<Buffer>;
  /** Removes `key`; succeeds when it does not exist. */
  delete(key: string): Promise<void>;
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`blob ${key} not found`);
    this.name = 'BlobNotFoundError';
  }
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are slash-separated segments of safe characters; no `..`, no leading slash. */
export function assertValidBlobKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new Error(`invalid blob key: ${JSON.stringify(key)}`);
  }
}
