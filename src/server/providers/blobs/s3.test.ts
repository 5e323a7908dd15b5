import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError } from './blobs.ts';
import { createLocalBlobStore } from './local.ts';
import { createS3BlobStore } from './s3.ts';
import type { BlobStore } from './blobs.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A minimal path-style S3 (PUT / GET / DELETE object) that records what the SDK sends. */
function startFakeS3() {
  const objects = new Map<string, { body: Buffer; type: string | undefined }>();
  const requests: { method: string; path: string; authorization: string | undefined }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const key = decodeURIComponent(url.pathname);
      requests.push({ method: request.method!, path: key, authorization: request.headers.authorization });
      if (request.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), type: request.headers['content-type'] });
        response.writeHead(200, { etag: '"x"' }).end();
      } else if (request.method === 'GET') {
        const object = objects.get(key);
        if (!object) {
          response
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
        } else {
          response.writeHead(200, { 'content-length': object.body.length }).end(object.body);
        }
      } else if (request.method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204).end();
      } else {
        response.writeHead(405).end();
      }
    });
  });
  return { server, objects, requests };
}

function contract(name: string, store: () => BlobStore) {
  describe(`blob store contract: ${name}`, () => {
    it('stores, reads back, overwrites and deletes bytes; deleting twice is fine', async () => {
      const blobs = store();
      const data = Buffer.from([0, 1, 2, 250, 255]);
      await blobs.put('documents/u1/a', data, { contentType: 'application/pdf' });
      expect((await blobs.get('documents/u1/a')).equals(data)).toBe(true);
      await blobs.put('documents/u1/a', Buffer.from('second'));
      expect((await blobs.get('documents/u1/a')).toString()).toBe('second');
      await blobs.delete('documents/u1/a');
      await blobs.delete('documents/u1/a');
      await expect(blobs.get('documents/u1/a')).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it('refuses keys that could escape their folder', async () => {
      const blobs = store();
      await expect(blobs.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow(/invalid blob key/);
      await expect(blobs.get('documents/../../x')).rejects.toThrow(/invalid blob key/);
    });
  });
}

const fake = startFakeS3();
let endpoint = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => fake.server.close(() => resolve()));
});

// The local store's folders live in one temp folder, removed after the file's tests.
const localRoot = mkdtempSync(path.join(os.tmpdir(), 'answerdesk-blob-contract-'));
afterAll(() => rmSync(localRoot, { recursive: true, force: true }));
contract('local folder', () => createLocalBlobStore(mkdtempSync(path.join(localRoot, 'blobs-'))));
contract('S3 (official SDK against a fake S3)', () =>
  createS3BlobStore({
    bucket: 'answerdesk',
    region: 'us-east-1',
    endpoint,
    prefix: 'test/',
    credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' },
  }),
);

describe('S3 blob store requests', () => {
  it('addresses the bucket path-style with the prefix and signs with SigV4', async () => {
    const blobs = createS3BlobStore({
      bucket: 'answerdesk',
      region: 'us-east-1',
      endpoint,
      prefix: 'test/',
      credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' },
    });
    await blobs.put('documents/u2/b', Buffer.from('hello'), { contentType: 'text/plain; charset=utf-8' });
    expect(fake.objects.get('/answerdesk/test/documents/u2/b')).toMatchObject({
      type: 'text/plain; charset=utf-8',
    });
    const put = fake.requests.findLast((r) => r.method === 'PUT')!;
    expect(put.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\//);
  });
});
