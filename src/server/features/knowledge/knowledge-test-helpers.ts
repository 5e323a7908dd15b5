/** Test helpers for uploads and agent setup (used by the knowledge and agents tests only). */
import { readFileSync } from 'node:fs';
import { mkdtempSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { TestClient } from '../../test/harness.ts';

/** A fixture of `__fixtures__` as bytes. */
export const fixture = (name: string): Buffer =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));

export type FormFile = { field?: string; name: string; data: Buffer | string; type?: string };

/** Builds a multipart/form-data body exactly as a browser would (WHATWG FormData). */
export async function multipart(
  fields: Record<string, string | undefined>,
  files: FormFile[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  for (const file of files) {
    const bytes = typeof file.data === 'string' ? Buffer.from(file.data) : file.data;
    form.append(
      file.field ?? 'documents',
      new Blob([new Uint8Array(bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

export async function postMultipart(
  client: TestClient,
  url: string,
  fields: Record<string, string | undefined>,
  files: FormFile[] = [],
) {
  const body = await multipart(fields, files);
  return client.request({ method: 'POST', url, payload: body.payload, headers: body.headers });
}

export async function deleteMultipart(client: TestClient, url: string, fields: Record<string, string>) {
  const body = await multipart(fields);
  return client.request({ method: 'DELETE', url, payload: body.payload, headers: body.headers });
}

/** A fresh folder for a test's blob store, inside the suite's data folder (removed with it after the suite). */
export function tempBlobDir(dataDir: string): string {
  return mkdtempSync(path.join(dataDir, 'blobs-'));
}

/** Every file under `dir`, relative, ignoring temp files. */
export function listBlobFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

export const CONFIG_FIELDS = {
  company_name: 'Harbor Bike Shop',
  contact_email: 'owner@harbor.example',
};
