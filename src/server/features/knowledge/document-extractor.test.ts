import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentExtractor } from './document-extractor.ts';
import { ExtractionError } from './extract.ts';

const fixture = (name: string): Buffer => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));
const stub = new URL('./__fixtures__/stub-extraction-thread.mjs', import.meta.url);

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ExtractionError)) throw new Error(`expected an ExtractionError, got ${error}`);
  return error;
}

describe('DocumentExtractor', () => {
  const extractors: DocumentExtractor[] = [];
  const make = (options: ConstructorParameters<typeof DocumentExtractor>[0]): DocumentExtractor => {
    const extractor = new DocumentExtractor(options);
    extractors.push(extractor);
    return extractor;
  };
  afterEach(async () => {
    await Promise.all(extractors.splice(0).map((extractor) => extractor.close()));
  });

  it('reads documents in its thread, one after the other, into passages', async () => {
    const extractor = make({});
    const [docx, pdf] = await Promise.all([
      extractor.extract({ filename: 'policies.docx', data: fixture('policies.docx') }),
      extractor.extract({ filename: 'handbook.pdf', data: fixture('handbook.pdf') }),
    ]);
    expect(docx.kind).toBe('docx');
    expect(docx.passages.find((p) => p.heading === 'Cancellations')).toBeDefined();
    expect(pdf).toMatchObject({ kind: 'pdf', pageCount: 3 });

    const error = await failure(extractor.extract({ filename: 'scan.pdf', data: fixture('scanned.pdf') }));
    expect(error.reason).toBe('no_text');
    expect(error.message).toBe('scan.pdf: the PDF has no readable text (it may be a scanned image)');
  });

  it('ends a thread that runs past the time limit, refuses that document, and reads the next in a new one', async () => {
    const extractor = make({ script: stub, timeLimitMs: 1000 });
    const hung = extractor.extract({ filename: 'hang.docx', data: Buffer.from('x') });
    const next = extractor.extract({ filename: 'notes.txt', data: Buffer.from('hello') });

    const error = await failure(hung);
    expect(error.reason).toBe('too_large');
    expect(error.message).toBe(
      'hang.docx: reading the document took longer than 1 second, the limit for one document; split it into smaller files',
    );
    expect((await next).passages[0]!.text).toBe('read 5 bytes');
  });

  it('refuses a document whose reading runs out of the thread memory, and reads the next in a new thread', async () => {
    const extractor = make({ script: stub, maxHeapMb: 32 });
    const exhausted = extractor.extract({ filename: 'oom.docx', data: Buffer.from('x') });
    const next = extractor.extract({ filename: 'notes.txt', data: Buffer.from('hello!') });

    const error = await failure(exhausted);
    expect(error.reason).toBe('too_large');
    expect(error.message).toBe(
      'oom.docx: reading the document needed more than the 32 MB of memory one document may use; split it into smaller files',
    );
    expect((await next).passages[0]!.text).toBe('read 6 bytes');
  });
});
