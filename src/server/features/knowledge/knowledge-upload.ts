/**
 * Reads a multipart form (text fields + files of one field name) into memory for the ingestion pipeline.
 * A file over 10 MB is not an error here: it comes back `truncated`, so the pipeline can name it among the
 * other bad files of the same upload instead of aborting the request at the first one.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { assertStorableText } from '../../lib/request-text.ts';
import { MAX_DOCUMENT_BYTES, type UploadedFile } from './knowledge.service.ts';
import { MAX_FILES_PER_UPLOAD } from '../../lib/upload-limits.ts';

export interface MultipartForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}

export async function readMultipartForm(
  request: FastifyRequest,
  options: { fileField: string },
): Promise<MultipartForm> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  if (!request.isMultipart()) {
    // A url-encoded or JSON body carries fields only.
    const body = request.body;
    if (body && typeof body === 'object') {
      for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
        if (typeof value === 'string') fields[key] = value;
      }
    }
    return { fields, files };
  }
  try {
    // `throwFileSizeLimit` is read by @fastify/multipart at run time but missing from its parts() typing.
    const partOptions = { limits: { fileSize: MAX_DOCUMENT_BYTES }, throwFileSizeLimit: false };
    for await (const part of request.parts(partOptions as Parameters<typeof request.parts>[0])) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // Browsers send an empty, nameless part for a file input left empty.
        if (part.fieldname !== options.fileField || (part.filename === '' && data.length === 0)) continue;
        assertStorableText(part.filename, 'The file name');
        files.push({ filename: part.filename, data, truncated: part.file.truncated });
      } else if (typeof part.value === 'string') {
        assertStorableText(part.value, part.fieldname);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') {
      throw new AppError(
        'payload_too_large',
        `Too many files in one upload: at most ${MAX_FILES_PER_UPLOAD} at a time. Nothing was saved: upload them in smaller groups.`,
      );
    }
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError('bad_request', 'The form has too many fields.');
    }
    throw error;
  }
  return { fields, files };
}
