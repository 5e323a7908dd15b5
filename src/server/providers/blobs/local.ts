/** Blob store in a local folder (default `DATA_DIR/blobs`): fine for one server or a shared volume. */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BlobNotFoundError, assertValidBlobKey, type BlobStore } from './blobs.ts';

export function createLocalBlobStore(root: string): BlobStore {
  const base = path.resolve(root);
  const fileOf = (key: string): string => {
    assertValidBlobKey(key);
    return path.join(base, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, data);
      await rename(temp, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(key);
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
