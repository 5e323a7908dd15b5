// A stand-in for the extraction thread (document-extractor.test.ts): answers at once, except for two files that
// misbehave like hostile documents would: "hang.docx" never finishes, "oom.docx" allocates until the thread's
// heap limit ends it.
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', (request) => {
  if (request.filename === 'hang.docx') {
    for (;;) {
      // a parser stuck in a loop
    }
  }
  if (request.filename === 'oom.docx') {
    const held = [];
    for (;;) held.push(new Array(100_000).fill(held.length));
  }
  parentPort?.postMessage({
    id: request.id,
    ok: true,
    document: {
      kind: 'txt',
      pageCount: null,
      passages: [{ ord: 0, heading: null, page: null, text: `read ${request.data.byteLength} bytes` }],
    },
  });
});
