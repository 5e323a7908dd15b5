/**
 * How much one multipart request may carry (ADR 030): files of 10 MB at most (the extractor's limit, plus one byte
 * so that a larger file is detected and named), and at most MAX_FILES_PER_UPLOAD of them, which bounds the memory an
 * upload holds while it is read. An owner with more files uploads them in groups.
 */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES_PER_UPLOAD = 50;
