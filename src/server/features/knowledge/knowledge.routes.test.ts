import { existsSync } from 'node:fs';
import { agentRefOf } from '../../test/seed.ts';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createLocalBlobStore } from '../../providers/blobs/local.ts';
import {
  databaseTargets,
  signUp,
  useTestApp,
  type TestClient,
  type TestContext,
} from '../../test/harness.ts';
import { seedSubscription } from '../../test/seed.ts';
import { PDFDocument } from 'pdf-lib';
import {
  CONFIG_FIELDS,
  deleteMultipart,
  docxWithBody,
  fixture,
  paragraphXml,
  pdfWithContent,
  listBlobFiles,
  postMultipart,
  tempBlobDir,
  type FormFile,
} from './knowledge-test-helpers.ts';
import { documentExtractor } from './document-extractor.ts';
import { replaceDocument } from './knowledge.repository.ts';
import { MAX_FILES_PER_UPLOAD } from '../../lib/upload-limits.ts';
import {
  MAX_DOCUMENTS_PER_AGENT,
  MAX_PASSAGES_PER_AGENT,
  findKnowledgeVersion,
  loadAgentKnowledge,
  searchKnowledge,
} from './knowledge.service.ts';

const MB = 1024 * 1024;
const OPENING_HOURS = paragraphXml('Our opening hours are nine to five, every day but Sunday.');

/** Paragraphs of words drawn at random (seeded), so the XML deflates about four to one, like real text. */
function variedParagraphs(textBytes: number): string {
  const words =
    'bike wheel brake chain repair shop open close hour day week price part order stock call ask'.split(' ');
  let seed = 7;
  const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const paragraphs: string[] = [];
  for (let size = 0; size < textBytes;) {
    const sentence = Array.from({ length: 40 }, () => words[next() % words.length]).join(' ') + '.';
    paragraphs.push(paragraphXml(sentence));
    size += sentence.length;
  }
  return paragraphs.join('');
}

const THREE_DOCS: FormFile[] = [
  { name: 'handbook.pdf', data: fixture('handbook.pdf'), type: 'application/pdf' },
  { name: 'policies.docx', data: fixture('policies.docx') },
  { name: 'faq.txt', data: fixture('faq-utf8.txt'), type: 'text/plain' },
];

describe.each(databaseTargets())('knowledge base (%s)', (target) => {
  let blobDir = '';
  const ctx = useTestApp(target, {
    providers: ({ env }) => {
      blobDir = tempBlobDir(env.DATA_DIR);
      return { blobs: createLocalBlobStore(blobDir) };
    },
  });

  /** A subscribed owner with a configured agent (number +15550100100 unless given). */
  async function configuredOwner(
    c: TestContext,
    files: FormFile[] = [],
    phone = '+15550100100',
  ): Promise<{ client: TestClient; userId: string }> {
    const { client, user } = await signUp(c.app);
    await seedSubscription(c.db, user.id, { now: c.clock.now(), minutes: null });
    const response = await postMultipart(
      client,
      '/api/agent/configure',
      { ...CONFIG_FIELDS, twilio_phone_number: phone },
      files,
    );
    expect(response.statusCode, response.body).toBe(200);
    return { client, userId: user.id };
  }

  async function snapshot(c: TestContext, userId: string) {
    const documents = await c.db
      .selectFrom('documents')
      .select(['name', 'blob_key'])
      .where('user_id', '=', userId)
      .execute();
    const passages = await c.db.selectFrom('passages').select('id').where('user_id', '=', userId).execute();
    return {
      documents: documents.map((d) => d.name).sort(),
      passages: passages.length,
      version: await findKnowledgeVersion(c.db, await agentRefOf(c.db, userId)),
      blobs: listBlobFiles(blobDir).sort(),
    };
  }

  it('stores a PDF, a DOCX and a TXT as passages with headings and pages, and lists them with sizes', async () => {
    const c = ctx();
    const { client, userId } = await configuredOwner(c, THREE_DOCS);

    const list = await client.get('/api/agent/knowledge-base');
    expect(list.statusCode).toBe(200);
    const documents = list.json().documents as { name: string; path: string; size_formatted: string }[];
    expect(documents.map((d) => d.name)).toEqual(['faq.txt', 'handbook.pdf', 'policies.docx'].sort());
    const handbook = documents.find((d) => d.name === 'handbook.pdf')!;
    expect(handbook.size_formatted).toBe(`${(fixture('handbook.pdf').length / 1024).toFixed(1)} KB`);
    expect(documents.find((d) => d.name === 'faq.txt')!.size_formatted).toBe(
      `${fixture('faq-utf8.txt').length} B`,
    );

    const knowledge = (await loadAgentKnowledge(c.db, await agentRefOf(c.db, userId)))!;
    const pdf = knowledge.passages.filter((p) => p.documentName === 'handbook.pdf');
    expect(pdf.find((p) => p.heading === 'Opening Hours')).toMatchObject({ page: 1 });
    expect(pdf.find((p) => p.heading === 'Returns and Refunds')).toMatchObject({ page: 2 });
    expect(pdf.find((p) => p.heading === 'Contact')?.text).toContain('555 0142');
    const docx = knowledge.passages.filter((p) => p.documentName === 'policies.docx');
    expect(docx.find((p) => p.heading === 'Cancellations')).toMatchObject({ page: null });
    const txt = knowledge.passages.filter((p) => p.documentName === 'faq.txt');
    expect(txt.find((p) => p.heading === 'Is there parking?')?.text).toContain('free parking');

    // The generated tsvector + GIN index answer full-text queries.
    const hits = await searchKnowledge(c.db, await agentRefOf(c.db, userId), 'gift cards expire');
    expect(hits[0]).toMatchObject({ documentName: 'handbook.pdf', heading: 'Gift Cards' });

    // The original bytes are in the blob store.
    const rows = await c.db
      .selectFrom('documents')
      .select(['name', 'blob_key'])
      .where('user_id', '=', userId)
      .execute();
    const stored = await c.deps.providers.blobs.get(rows.find((r) => r.name === 'policies.docx')!.blob_key);
    expect(stored.equals(fixture('policies.docx'))).toBe(true);
  });

  it('adds documents later, replaces one with the same name and bumps the knowledge version each time', async () => {
    const c = ctx();
    const { client, userId } = await configuredOwner(c, [THREE_DOCS[2]!]);
    const before = await snapshot(c, userId);

    const added = await postMultipart(client, '/api/agent/knowledge-base/add', {}, [THREE_DOCS[0]!]);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toContain('handbook.pdf');
    const afterAdd = await snapshot(c, userId);
    expect(afterAdd.documents).toEqual(['faq.txt', 'handbook.pdf']);
    expect(afterAdd.version).toBe(before.version! + 1);

    const replaced = await postMultipart(client, '/api/agent/knowledge-base/add', {}, [
      { name: 'faq.txt', data: 'Do you deliver?\nYes, within five miles of the shop, every weekday.\n' },
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const afterReplace = await snapshot(c, userId);
    expect(afterReplace.documents).toEqual(['faq.txt', 'handbook.pdf']);
    expect(afterReplace.version).toBe(afterAdd.version! + 1);
    expect(afterReplace.blobs).toHaveLength(2); // the replaced file is gone from the blob store
    const faq = (await loadAgentKnowledge(c.db, await agentRefOf(c.db, userId)))!.passages.filter(
      (p) => p.documentName === 'faq.txt',
    );
    expect(faq.map((p) => p.text).join(' ')).toContain('five miles');
    expect(faq.map((p) => p.text).join(' ')).not.toContain('parking');
  });

  it("stores the depth of a web page's headings: the page's introduction, then the sections under it", async () => {
    const c = ctx();
    const { client, userId } = await configuredOwner(c, [THREE_DOCS[2]!]);
    const page = `<h1>Contact support</h1><p>Our support team is here to help.</p>
      <h2>Ways to reach us</h2><p>Phone: (503) 555-0142, weekdays 9 a.m. to 6 p.m.</p>
      <h2>System status</h2><p>See status.example.com for outages.</p>`;
    const added = await postMultipart(client, '/api/agent/knowledge-base/add', {}, [
      { name: 'support.html', data: page },
    ]);
    expect(added.statusCode, added.body).toBe(200);
    const passages = (await loadAgentKnowledge(c.db, await agentRefOf(c.db, userId)))!.passages.filter(
      (p) => p.documentName === 'support.html',
    );
    expect(passages.map((p) => [p.heading, p.headingLevel])).toEqual([
      ['Contact support', 1],
      ['Ways to reach us', 2],
      ['System status', 2],
    ]);
  });

  it('keeps two files of one upload that have the same name, and the agent reads both', async () => {
    const c = ctx();
    const { client, userId } = await configuredOwner(c, [THREE_DOCS[2]!]);
    // A saved website: every folder's page is index.html.
    const added = await postMultipart(client, '/api/agent/knowledge-base/add', {}, [
      { name: 'rentals/index.html', data: '<h1>Rentals</h1><p>A city bike costs 20 dollars a day.</p>' },
      { name: 'repairs/index.html', data: '<h1>Repairs</h1><p>A flat tyre is fixed while you wait.</p>' },
      { name: 'index.html', data: '<h1>Welcome</h1><p>The shop is on Harbour Street.</p>' },
    ]);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe(
      '3 documents uploaded: index.html, index (2).html, index (3).html. Files with the same name were numbered: index (2).html, index (3).html. Your agent uses them from its next answer.',
    );
    const after = await snapshot(c, userId);
    expect(after.documents).toEqual(['faq.txt', 'index (2).html', 'index (3).html', 'index.html']);
    const passages = (await loadAgentKnowledge(c.db, await agentRefOf(c.db, userId)))!.passages;
    const text = (name: string) =>
      passages
        .filter((p) => p.documentName === name)
        .map((p) => p.text)
        .join(' ');
    expect(text('index.html')).toContain('20 dollars');
    expect(text('index (2).html')).toContain('flat tyre');
    expect(text('index (3).html')).toContain('Harbour Street');

    // Uploading the same pages again updates them: nothing is added twice.
    const again = await postMultipart(client, '/api/agent/knowledge-base/add', {}, [
      { name: 'rentals/index.html', data: '<h1>Rentals</h1><p>A city bike costs 25 dollars a day.</p>' },
      { name: 'repairs/index.html', data: '<h1>Repairs</h1><p>A flat tyre is fixed while you wait.</p>' },
    ]);
    expect(again.statusCode, again.body).toBe(200);
    expect((await snapshot(c, userId)).documents).toEqual([
      'faq.txt',
      'index (2).html',
      'index (3).html',
      'index.html',
    ]);
  });

  const badFiles: Array<[string, FormFile, number, RegExp]> = [
    [
      'a scanned PDF',
      { name: 'scanned.pdf', data: fixture('scanned.pdf') },
      422,
      /scanned\.pdf: .*no readable text/,
    ],
    [
      'an encrypted PDF',
      { name: 'encrypted.pdf', data: fixture('encrypted.pdf') },
      422,
      /encrypted\.pdf: .*password/,
    ],
    [
      'a corrupt PDF',
      { name: 'truncated.pdf', data: fixture('truncated.pdf') },
      422,
      /truncated\.pdf: .*damaged/,
    ],
    [
      'an image named .pdf',
      { name: 'photo.pdf', data: fixture('photo.pdf') },
      415,
      /photo\.pdf: unsupported file type \(a PNG image\)/,
    ],
    ['an empty file', { name: 'empty.txt', data: '' }, 422, /empty\.txt: the file is empty/],
    [
      'a file over 10 MB',
      { name: 'huge.txt', data: Buffer.alloc(10 * 1024 * 1024 + 10, 'a') },
      413,
      /huge\.txt: .*larger than the 10 MB limit/,
    ],
    [
      'a DOCX zip bomb (30 MB of one paragraph in a small file)',
      { name: 'bomb.docx', data: docxWithBody(OPENING_HOURS, (30 * MB) / OPENING_HOURS.length) },
      413,
      /^bomb\.docx: the Word document unpacks to 30\.\d MB, more than the 20 MB limit\./,
    ],
    [
      'a DOCX bomb under the unpacked limit but compressed a thousand to one',
      { name: 'dense.docx', data: docxWithBody(OPENING_HOURS, (10 * MB) / OPENING_HOURS.length) },
      413,
      /^dense\.docx: the Word document is compressed more than 100 to 1, the limit \(a part of \d+ KB unpacks to 10\.\d MB\)/,
    ],
    [
      'a ZIP whose central directory claims a 4 GB part',
      { name: 'claims.docx', data: docxWithBody(OPENING_HOURS, 10, 4_000_000_000) },
      413,
      /^claims\.docx: the Word document unpacks to 381\d\.\d MB, more than the 20 MB limit\./,
    ],
    [
      'a PDF whose page content unpacks from 100 KB to 30 MB',
      { name: 'bomb.pdf', data: pdfWithContent(30) },
      413,
      /^bomb\.pdf: the PDF is compressed more than 100 to 1, the limit/,
    ],
    [
      'a text file with more than 2 MB of text',
      { name: 'big.txt', data: 'Do you repair bikes? Yes, every day.\n'.repeat((2 * MB) / 36) },
      413,
      /^big\.txt: the document has more than 2 MB of text, the limit for one document; split it into smaller files\./,
    ],
  ];

  it.each(badFiles)(
    'refuses %s with a clear 4xx and saves nothing of the upload',
    async (_label, bad, status, detail) => {
      const c = ctx();
      const { client, userId } = await configuredOwner(c, [THREE_DOCS[2]!]);
      const before = await snapshot(c, userId);

      const response = await postMultipart(client, '/api/agent/knowledge-base/add', {}, [
        THREE_DOCS[0]!,
        bad,
      ]);
      expect(response.statusCode).toBe(status);
      expect(response.json().detail).toMatch(detail);
      expect(response.json().detail).toContain('Nothing was saved');
      expect(await snapshot(c, userId)).toEqual(before);
    },
  );

  it('refuses a PDF with more than 2,000 pages before reading them', async () => {
    const c = ctx();
    const { client, userId } = await configuredOwner(c);
    const before = await snapshot(c, userId);
    const pdf = await PDFDocument.create();
    for (let i = 0; i < 2001; i++) pdf.addPage([200, 200]).drawText(`Page ${i + 1}`);
    const response = await postMultipart(client, '/api/agent/knowledge-base/add', {}, [
      { name: 'catalogue.pdf', data: Buffer.from(await pdf.save()) },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toMatch(
      /^catalogue\.pdf: the PDF has 2,001 pages, more than the limit of 2,000; split it into smaller files\./,
    );
    expect(await snapshot(c, userId)).toEqual(before);
  });

  it('answers other accounts while a document is being read: extraction is off the main thread', async () => {
    const c = ctx();
    const { client } = await configuredOwner(c, [], '+15550100103');
    const other = await configuredOwner(c, [THREE_DOCS[2]!], '+15550100104');
    // Over 2 MB of text in about 3 MB of XML (under the archive limits): seconds of parsing before it is refused.
    const heavy = docxWithBody(variedParagraphs(2.2 * MB), 1);
    // The requests below start once the document is handed to the extractor, so they overlap its reading.
    const extract = documentExtractor.extract.bind(documentExtractor);
    let handedOver!: () => void;
    const reading = new Promise<void>((resolve) => (handedOver = resolve));
    const spy = vi.spyOn(documentExtractor, 'extract').mockImplementation((file) => {
      handedOver();
      return extract(file);
    });
    let bombSettled = false;
    const bomb = postMultipart(client, '/api/agent/knowledge-base/add', {}, [
      { name: 'heavy.docx', data: heavy },
    ]).finally(() => {
      bombSettled = true;
      spy.mockRestore();
    });
    await reading;

    const health = await c.app.inject({ method: 'GET', url: '/api/health' });
    const list = await other.client.get('/api/agent/knowledge-base');
    const config = await other.client.get('/api/agent/config');
    const answeredDuringBomb = !bombSettled;

    expect(health.statusCode).toBe(200);
    expect(list.statusCode).toBe(200);
    expect(list.json().documents.map((d: { name: string }) => d.name)).toEqual(['faq.txt']);
    expect(config.statusCode).toBe(200);
    expect(answeredDuringBomb).toBe(true);
    const response = await bomb;
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toMatch(/^heavy\.docx: the document has more than 2 MB of text/);
  });

  it(`refuses an upload that would give the agent more than ${MAX_PASSAGES_PER_AGENT} passages, naming the files`, async () => {
    const c = ctx();
    const faq = (name: string, from: number, count: number): FormFile => ({
      name,
      data: Array.from(
        { length: count },
        (_, i) => `Do you stock part ${from + i}?\nYes, part ${from + i} is in stock at the shop.\n`,
      ).join('\n'),
    });
    const { client, userId } = await configuredOwner(c, [faq('parts-a.txt', 0, 7000)]);
    const stored = await snapshot(c, userId);
    expect(stored.passages).toBe(7000);

    const tooMany = await postMultipart(client, '/api/agent/knowledge-base/add', {}, [
      faq('parts-b.txt', 7000, 5500),
    ]);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail).toBe(
      'parts-b.txt: an agent can use at most 12,000 passages of text (about 10 MB). Your documents have 7,000, and this upload would make 12,500. Delete some documents or upload shorter ones. Nothing was saved.',
    );
    expect(await snapshot(c, userId)).toEqual(stored);

    // A document replaced by one of the same name does not count twice.
    const replaced = await postMultipart(client, '/api/agent/knowledge-base/add', {}, [
      faq('parts-a.txt', 0, 9600),
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await snapshot(c, userId)).passages).toBe(9600);

    const alone = await postMultipart(client, '/api/agent/knowledge-base/add', {}, [
      faq('parts-a.txt', 0, 6100),
      faq('parts-c.txt', 6100, 6100),
      faq('parts-d.txt', 12200, 10),
    ]);
    expect(alone.statusCode).toBe(422);
    expect(alone.json().detail).toBe(
      'parts-a.txt, parts-c.txt: an agent can use at most 12,000 passages of text (about 10 MB), and these documents alone have more. Upload shorter documents. Nothing was saved.',
    );
  });

  it('names every bad file of one upload with its reason (422)', async () => {
    const c = ctx();
    const { client, userId } = await configuredOwner(c);
    const before = await snapshot(c, userId);
    const response = await postMultipart(client, '/api/agent/knowledge-base/add', {}, [
      { name: 'scanned.pdf', data: fixture('scanned.pdf') },
      THREE_DOCS[1]!,
      { name: 'photo.pdf', data: fixture('photo.pdf') },
    ]);
    expect(response.statusCode).toBe(422);
    const detail = response.json().detail as string;
    expect(detail).toMatch(/scanned\.pdf: the PDF has no readable text/);
    expect(detail).toMatch(/photo\.pdf: unsupported file type/);
    expect(detail).not.toContain('policies.docx');
    expect(await snapshot(c, userId)).toEqual(before);
  });

  it('removes the new blobs when the transaction fails', async () => {
    const c = ctx();
    const { client, userId } = await configuredOwner(c);
    const before = await snapshot(c, userId);
    // Break the passages insert for this user only: the documents + passages transaction must roll back.
    const { sql } = await import('kysely');
    await sql`alter table passages add constraint test_fail check (text <> 'Gift cards never expire' and position('Gift cards' in text) = 0)`.execute(
      c.db,
    );
    try {
      const response = await postMultipart(client, '/api/agent/knowledge-base/add', {}, [THREE_DOCS[0]!]);
      expect(response.statusCode).toBe(500);
      expect(await snapshot(c, userId)).toEqual(before);
    } finally {
      await sql`alter table passages drop constraint test_fail`.execute(c.db);
    }
  });

  it('deletes a document: its passages go, the version bumps, the file is removed', async () => {
    const c = ctx();
    const { client, userId } = await configuredOwner(c, THREE_DOCS);
    const before = await snapshot(c, userId);
    const list = (await client.get('/api/agent/knowledge-base')).json().documents as {
      name: string;
      path: string;
    }[];
    const pdf = list.find((d) => d.name === 'handbook.pdf')!;

    const response = await deleteMultipart(client, '/api/agent/knowledge-base/document', {
      document_path: pdf.path,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toContain('handbook.pdf');
    const after = await snapshot(c, userId);
    expect(after.documents).toEqual(['faq.txt', 'policies.docx']);
    expect(after.version).toBe(before.version! + 1);
    expect(after.blobs).toHaveLength(2);
    const knowledge = (await loadAgentKnowledge(c.db, await agentRefOf(c.db, userId)))!;
    expect(knowledge.passages.some((p) => p.documentName === 'handbook.pdf')).toBe(false);

    const again = await deleteMultipart(client, '/api/agent/knowledge-base/document', {
      document_path: pdf.path,
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 on the knowledge base when no agent is configured', async () => {
    const { client } = await signUp(ctx().app);
    const list = await client.get('/api/agent/knowledge-base');
    expect(list.statusCode).toBe(404);
    const add = await postMultipart(client, '/api/agent/knowledge-base/add', {}, [THREE_DOCS[2]!]);
    expect(add.statusCode).toBe(404);
  });

  it('asks for files when the upload has none', async () => {
    const { client } = await configuredOwner(ctx());
    const response = await postMultipart(client, '/api/agent/knowledge-base/add', {}, []);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe('Please select files to upload');
  });

  it('keeps each owner to their own documents', async () => {
    const c = ctx();
    const alice = await configuredOwner(c, THREE_DOCS, '+15550100101');
    const bob = await configuredOwner(c, [], '+15550100102');
    const alicePaths = (
      (await alice.client.get('/api/agent/knowledge-base')).json().documents as { path: string }[]
    ).map((d) => d.path);

    expect((await bob.client.get('/api/agent/knowledge-base')).json().documents).toEqual([]);
    expect((await bob.client.get('/api/agent/config')).json().config.documents).toEqual([]);
    for (const documentPath of alicePaths) {
      const response = await deleteMultipart(bob.client, '/api/agent/knowledge-base/document', {
        document_path: documentPath,
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await snapshot(c, alice.userId)).documents).toHaveLength(3);
    expect((await loadAgentKnowledge(c.db, await agentRefOf(c.db, bob.userId)))!.passages).toEqual([]);

    // Signed out: nothing at all.
    const anonymous = await c.app.inject({ method: 'GET', url: '/api/agent/knowledge-base' });
    expect(anonymous.statusCode).toBe(401);
  });

  it(`refuses more than ${MAX_DOCUMENTS_PER_AGENT} documents per agent`, async () => {
    const c = ctx();
    const files = (from: number, count: number): FormFile[] =>
      Array.from({ length: count }, (_, i) => ({
        name: `note-${from + i}.txt`,
        data: `Note ${from + i}\nOur shop note number ${from + i} says hello to every caller.\n`,
      }));
    const { client, userId } = await configuredOwner(c, files(0, 30));
    // The documents earlier uploads stored, up to twenty short of the limit.
    const agent = await agentRefOf(c.db, userId);
    const max = MAX_DOCUMENTS_PER_AGENT;
    for (const file of files(30, max - 50)) {
      await replaceDocument(c.db, agent, {
        name: file.name,
        blobKey: `documents/${userId}/${file.name}`,
        kind: 'txt',
        sizeBytes: 60,
        pageCount: null,
        passages: [{ ord: 0, heading: null, page: null, text: String(file.data) }],
      });
    }
    const ok = await postMultipart(client, '/api/agent/knowledge-base/add', {}, files(max - 20, 20));
    expect(ok.statusCode, ok.body).toBe(200);
    // Replacing an existing name does not count twice.
    const replace = await postMultipart(client, '/api/agent/knowledge-base/add', {}, files(0, 1));
    expect(replace.statusCode, replace.body).toBe(200);
    const before = await snapshot(c, userId);
    const tooMany = await postMultipart(client, '/api/agent/knowledge-base/add', {}, files(max, 1));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail).toContain(`at most ${max} documents`);
    expect(await snapshot(c, userId)).toEqual(before);
    expect(before.documents).toHaveLength(max);
  });

  it('refuses more files in one upload than it reads at once, saying how many, and saves none', async () => {
    const c = ctx();
    const { client, userId } = await configuredOwner(c, [THREE_DOCS[2]!]);
    const before = await snapshot(c, userId);
    const files = Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, (_, i) => ({
      name: `page-${i}.txt`,
      data: `Page ${i}\nThe shop's page number ${i}.\n`,
    }));
    const response = await postMultipart(client, '/api/agent/knowledge-base/add', {}, files);
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toBe(
      `Too many files in one upload: at most ${MAX_FILES_PER_UPLOAD} at a time. Nothing was saved: upload them in smaller groups.`,
    );
    expect(await snapshot(c, userId)).toEqual(before);
    expect(existsSync(path.join(blobDir, 'documents'))).toBe(true);
  });
});
