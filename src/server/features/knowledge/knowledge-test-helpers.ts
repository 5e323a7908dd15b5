/** Test helpers for uploads and agent setup (used by the knowledge and agents tests only). */
import { readFileSync } from 'node:fs';
import { mkdtempSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateRawSync, deflateSync, inflateRawSync } from 'node:zlib';
import { readZipDirectory } from './extract-zip.ts';
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

export interface ZipPart {
  name: string;
  data: Buffer;
  /** What the central directory claims the unpacked size is (default: the truth). */
  declaredSize?: number;
}

/** Writes a ZIP archive (every part deflated), as Word would; `declaredSize` lets a test lie about a part. */
export function writeZip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const packed = deflateRawSync(part.data, { level: 9 });
    const crc = crc32(part.data);
    const size = part.declaredSize ?? part.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(Math.min(size, 0xfffffffe), 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(Math.min(size, 0xfffffffe), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts of a fixture DOCX, unpacked. */
export function readZipParts(zip: Buffer): ZipPart[] {
  return readZipDirectory(zip).map((entry) => {
    const start = entry.localHeaderOffset;
    const dataStart = start + 30 + zip.readUInt16LE(start + 26) + zip.readUInt16LE(start + 28);
    const packed = zip.subarray(dataStart, dataStart + entry.compressedSize);
    return { name: entry.name, data: entry.method === 8 ? inflateRawSync(packed) : Buffer.from(packed) };
  });
}

/**
 * policies.docx with its body replaced: `paragraph` (WordprocessingML `<w:p>` XML) repeated `times`. Deflate
 * packs a repeated paragraph about a thousand to one, so tens of MB of XML make a file of tens of KB.
 */
export function docxWithBody(paragraph: string, times: number, declaredSize?: number): Buffer {
  const parts = readZipParts(fixture('policies.docx'));
  const original = parts.find((part) => part.name === 'word/document.xml')!.data.toString('utf8');
  const open = original.slice(0, original.indexOf('<w:body>') + '<w:body>'.length);
  const body = Buffer.from(paragraph.repeat(times), 'utf8');
  const document = Buffer.concat([Buffer.from(open), body, Buffer.from('</w:body></w:document>')]);
  return writeZip(
    parts.map((part) =>
      part.name === 'word/document.xml' ? { name: part.name, data: document, declaredSize } : part,
    ),
  );
}

export const paragraphXml = (text: string): string =>
  `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

/**
 * A one-page PDF whose content stream draws the same line of text until it is `megabytes` long: deflated about
 * three hundred to one, the PDF bomb.
 */
export function pdfWithContent(megabytes: number): Buffer {
  const line = '(Our opening hours are nine to five every day.) Tj 0 -14 Td\n';
  const lines = line.repeat(Math.round((megabytes * 1024 * 1024) / line.length));
  const packed = deflateSync(Buffer.from(`BT /F1 12 Tf 72 700 Td\n${lines}ET\n`), { level: 9 });
  const head = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >> endobj',
    '4 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
    `5 0 obj << /Length ${packed.length} /Filter /FlateDecode >> stream\n`,
  ].join('\n');
  const tail = '\nendstream endobj\ntrailer << /Root 1 0 R /Size 6 >>\n%%EOF\n';
  return Buffer.concat([Buffer.from(head, 'latin1'), packed, Buffer.from(tail, 'latin1')]);
}
