/**
 * The ZIP container of a DOCX, read just enough to refuse a zip bomb before any parser unpacks it: the entry
 * names and sizes from the central directory (the table of contents at the end of the file), then each entry
 * inflated with a hard output cap, so an archive whose directory understates its sizes is caught too.
 * See docs/decisions/011-document-extraction.md ("Limits").
 */
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (the only methods Office writes). */
  method: number;
  compressedSize: number;
  /** As the central directory declares it; verified by `verifyZipEntries`. */
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** The bytes are not a readable ZIP archive (truncated, or its tables point outside the file). */
export class ZipFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipFormatError';
  }
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const MAX_COMMENT = 0xffff;

/** Reads the central directory. Sizes beyond 2^53 read as Infinity-like huge numbers (never valid here). */
export function readZipDirectory(data: Buffer): ZipEntry[] {
  const eocd = findEndOfCentralDirectory(data);
  let count = data.readUInt16LE(eocd + 10);
  let offset = data.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || data.readUInt32LE(locator) !== ZIP64_LOCATOR_SIGNATURE) {
      throw new ZipFormatError('ZIP64 end of central directory locator missing');
    }
    const record = readSafeNumber(data.readBigUInt64LE(locator + 8));
    if (record + 56 > data.length || data.readUInt32LE(record) !== ZIP64_EOCD_SIGNATURE) {
      throw new ZipFormatError('ZIP64 end of central directory missing');
    }
    count = readSafeNumber(data.readBigUInt64LE(record + 32));
    offset = readSafeNumber(data.readBigUInt64LE(record + 48));
  }

  const entries: ZipEntry[] = [];
  let position = offset;
  for (let i = 0; i < count; i++) {
    if (position + 46 > data.length || data.readUInt32LE(position) !== CENTRAL_SIGNATURE) {
      throw new ZipFormatError('central directory entry out of bounds');
    }
    const method = data.readUInt16LE(position + 10);
    let compressedSize = data.readUInt32LE(position + 20);
    let uncompressedSize = data.readUInt32LE(position + 24);
    const nameLength = data.readUInt16LE(position + 28);
    const extraLength = data.readUInt16LE(position + 30);
    const commentLength = data.readUInt16LE(position + 32);
    let localHeaderOffset = data.readUInt32LE(position + 42);
    const nameStart = position + 46;
    const extraStart = nameStart + nameLength;
    const end = extraStart + extraLength + commentLength;
    if (end > data.length) throw new ZipFormatError('central directory entry out of bounds');
    const name = data.toString('utf8', nameStart, extraStart);

    // ZIP64: fields set to 0xFFFFFFFF are in the 0x0001 extra field, in this order.
    if (
      uncompressedSize === 0xffffffff ||
      compressedSize === 0xffffffff ||
      localHeaderOffset === 0xffffffff
    ) {
      const zip64 = findExtraField(data, extraStart, extraStart + extraLength, 0x0001);
      if (zip64 === null) throw new ZipFormatError('ZIP64 sizes missing');
      let field = zip64.start;
      const next = (): number => {
        if (field + 8 > zip64.end) throw new ZipFormatError('ZIP64 sizes truncated');
        const value = readSafeNumber(data.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (uncompressedSize === 0xffffffff) uncompressedSize = next();
      if (compressedSize === 0xffffffff) compressedSize = next();
      if (localHeaderOffset === 0xffffffff) localHeaderOffset = next();
    }
    entries.push({ name, method, compressedSize, uncompressedSize, localHeaderOffset });
    position = end;
  }
  return entries;
}

/**
 * Inflates every entry with its declared size as a hard cap (nothing bigger is ever allocated) and checks it
 * matches. Throws ZipFormatError when an entry is larger than declared, truncated, or cannot be inflated.
 * Callers check the declared sizes against their limits first, so the total work is bounded by them.
 */
export function verifyZipEntries(data: Buffer, entries: readonly ZipEntry[]): void {
  for (const entry of entries) {
    const start = entry.localHeaderOffset;
    if (start + 30 > data.length || data.readUInt32LE(start) !== LOCAL_SIGNATURE) {
      throw new ZipFormatError(`${entry.name}: local header out of bounds`);
    }
    const dataStart = start + 30 + data.readUInt16LE(start + 26) + data.readUInt16LE(start + 28);
    const dataEnd = dataStart + entry.compressedSize;
    if (dataEnd > data.length) throw new ZipFormatError(`${entry.name}: data out of bounds`);
    const packed = data.subarray(dataStart, dataEnd);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.uncompressedSize) {
        throw new ZipFormatError(`${entry.name}: stored entry with two sizes`);
      }
      continue;
    }
    if (entry.method !== 8) continue; // not something Word writes; the parser refuses it
    let unpacked: Buffer;
    try {
      // One byte of headroom: an entry that fills it is larger than its directory says.
      unpacked = inflateRawSync(packed, { maxOutputLength: entry.uncompressedSize + 1 });
    } catch {
      throw new ZipFormatError(`${entry.name}: does not inflate to its declared size`);
    }
    if (unpacked.length !== entry.uncompressedSize) {
      throw new ZipFormatError(`${entry.name}: does not inflate to its declared size`);
    }
  }
}

function findEndOfCentralDirectory(data: Buffer): number {
  const lowest = Math.max(0, data.length - 22 - MAX_COMMENT);
  for (let i = data.length - 22; i >= lowest; i--) {
    if (data.readUInt32LE(i) === EOCD_SIGNATURE) return i;
  }
  throw new ZipFormatError('end of central directory not found');
}

function findExtraField(
  data: Buffer,
  start: number,
  end: number,
  id: number,
): { start: number; end: number } | null {
  let position = start;
  while (position + 4 <= end) {
    const fieldId = data.readUInt16LE(position);
    const size = data.readUInt16LE(position + 2);
    if (fieldId === id) return { start: position + 4, end: Math.min(end, position + 4 + size) };
    position += 4 + size;
  }
  return null;
}

/** A 64-bit size as a number; anything past 2^53 is far beyond every limit, so precision does not matter. */
function readSafeNumber(value: bigint): number {
  return Number(value);
}
