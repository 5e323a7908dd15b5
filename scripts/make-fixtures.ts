/**
 * Generates the document fixtures used by src/server/features/knowledge/extract.test.ts.
 * Run with `npm run fixtures`. The output is committed; re-running rewrites every file.
 *
 * Two fixtures need programs from Debian, because no npm package writes them:
 * - policies.doc: LibreOffice converts policies.docx to Word 97 (`apt-get install -y libreoffice-writer-nogui`).
 * - encrypted.pdf: qpdf adds AES-256 password protection (`apt-get install -y qpdf`).
 * When a program is missing, the existing committed file is kept and a warning is printed.
 * The PDFs and text files come out byte-identical on every run; policies.docx, policies.doc and
 * encrypted.pdf embed timestamps or random salts, so regenerating them changes their bytes, not their content.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import {
  AlignmentType,
  Document,
  HeadingLevel,
  Packer,
  PageBreak,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

const outDir = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'src',
  'server',
  'features',
  'knowledge',
  '__fixtures__',
);
const fixedDate = new Date('2026-01-15T09:00:00Z');

// ---------- PDF ----------

interface PdfBlock {
  kind: 'title' | 'heading' | 'body';
  text: string;
  /** Lines exactly as drawn (used to force a hyphenated line break); otherwise the text is wrapped. */
  lines?: string[];
}

const handbookPages: PdfBlock[][] = [
  [
    { kind: 'title', text: 'Harbor Bike Shop Customer Handbook' },
    { kind: 'heading', text: 'Opening Hours' },
    {
      kind: 'body',
      text:
        'We are open Monday to Friday from 9 am to 6 pm and on Saturday from 10 am to 4 pm. ' +
        'We are closed on Sundays and public holidays.',
    },
    { kind: 'heading', text: 'Repairs' },
    {
      kind: 'body',
      text: '',
      lines: [
        'Most repairs are finished within two working days. Wheel truing and brake adjust-',
        'ments are usually done while you wait. A basic service costs 49 dollars.',
      ],
    },
  ],
  [
    { kind: 'title', text: 'Returns and Refunds' },
    {
      kind: 'body',
      text:
        'Unused items can be returned within 30 days with the receipt. Refunds go back to the original ' +
        'payment method within five business days. Custom-built wheels cannot be returned.',
    },
    { kind: 'heading', text: 'Gift Cards' },
    {
      kind: 'body',
      text: 'Gift cards never expire and can be used in the shop and online. Lost gift cards cannot be replaced.',
    },
  ],
  [
    { kind: 'title', text: 'Warranty on New Bicycles and Electric Bikes Sold by the Shop' },
    {
      kind: 'body',
      text:
        'Frames carry a lifetime warranty against manufacturing defects. Electric bike batteries are ' +
        'covered for two years or 500 charge cycles, whichever comes first.',
    },
    { kind: 'heading', text: 'Contact' },
    { kind: 'body', text: 'Call us at 555 0142 or email help@harborbikes.example for anything else.' },
  ],
];

function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && font.widthOfTextAtSize(candidate, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Draws blocks top-down on a Letter page; returns nothing, the layout is fixed-size and fits. */
function drawBlocks(page: PDFPage, fonts: PdfFonts, blocks: PdfBlock[], top = 720): void {
  const left = 72;
  const width = page.getWidth() - 2 * left;
  let y = top;
  for (const block of blocks) {
    const style =
      block.kind === 'title'
        ? { font: fonts.bold, size: 22, before: 10, leading: 26 }
        : block.kind === 'heading'
          ? { font: fonts.bold, size: 15, before: 14, leading: 19 }
          : { font: fonts.regular, size: 11, before: 6, leading: 14 };
    y -= style.before;
    for (const line of block.lines ?? wrap(block.text, style.font, style.size, width)) {
      y -= style.leading;
      page.drawText(line, { x: left, y, size: style.size, font: style.font, color: rgb(0.1, 0.1, 0.1) });
    }
  }
}

function drawHeaderAndFooter(page: PDFPage, fonts: PdfFonts, pageNumber: number, pageCount: number): void {
  page.drawText('Harbor Bike Shop - Customer Handbook', { x: 72, y: 752, size: 9, font: fonts.regular });
  page.drawText(`Page ${pageNumber} of ${pageCount}`, { x: 280, y: 40, size: 9, font: fonts.regular });
}

async function newPdf(title: string): Promise<PDFDocument> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('make-fixtures');
  pdf.setCreator('make-fixtures');
  pdf.setCreationDate(fixedDate);
  pdf.setModificationDate(fixedDate);
  return pdf;
}

async function makeHandbookPdf(): Promise<Uint8Array> {
  const pdf = await newPdf('Customer Handbook');
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  handbookPages.forEach((blocks, index) => {
    const page = pdf.addPage([612, 792]);
    drawHeaderAndFooter(page, fonts, index + 1, handbookPages.length);
    drawBlocks(page, fonts, blocks);
  });
  return pdf.save();
}

async function makeScannedPdf(png: Uint8Array): Promise<Uint8Array> {
  const pdf = await newPdf('Scanned menu');
  const page = pdf.addPage([612, 792]);
  page.drawRectangle({ x: 72, y: 500, width: 468, height: 220, borderColor: rgb(0, 0, 0), borderWidth: 2 });
  const image = await pdf.embedPng(png);
  page.drawImage(image, { x: 72, y: 200, width: 240, height: 240 });
  return pdf.save();
}

// ---------- PNG (a real, tiny image) ----------

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 16x16 RGB gradient, so the "scanned" PDF carries a genuine image. */
function makePng(): Buffer {
  const size = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x++) raw.set([x * 16, y * 16, 128], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------- DOCX ----------

async function makeHandbookDocx(): Promise<Buffer> {
  const doc = new Document({
    creator: 'make-fixtures',
    title: 'Salon Policies',
    description: 'Fixture for document extraction tests',
    sections: [
      {
        children: [
          new Paragraph({ text: 'Bella Hair Salon Policies', heading: HeadingLevel.TITLE }),
          new Paragraph({ text: 'Appointments', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new TextRun('Book online or call the salon. Please arrive '),
              new TextRun({ text: '10 minutes early', bold: true }),
              new TextRun(' for colour appointments.'),
            ],
          }),
          new Paragraph({ text: 'Late arrivals', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({
            text: 'If you are more than 15 minutes late we may need to shorten or reschedule your appointment.',
          }),
          new Paragraph({ text: 'Cancellations', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            text: 'Cancel at least 24 hours ahead to avoid a fee of 20 € (twenty euros).',
            alignment: AlignmentType.LEFT,
          }),
          new Paragraph({ children: [new PageBreak()] }),
          new Paragraph({ text: 'Prices', heading: HeadingLevel.HEADING_1 }),
          new Table({
            rows: [
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph('Haircut')] }),
                  new TableCell({ children: [new Paragraph('35 €')] }),
                ],
              }),
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph('Colour')] }),
                  new TableCell({ children: [new Paragraph('from 60 €')] }),
                ],
              }),
            ],
          }),
          new Paragraph({ text: 'Students get 10 % off from Monday to Wednesday.' }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

// ---------- TXT ----------

const faqText = [
  'Frequently asked questions – Café Lumière',
  '',
  'Do you have vegan options?',
  'Yes: oat milk, soy milk and a vegan croissant are always available.',
  '',
  'What does a flat white cost?',
  'A flat white costs 3.50 € and a crème brûlée costs 4.20 €.',
  '',
  'Is there parking?',
  'There is free parking behind the café “Lumière” building.',
  '',
].join('\r\n');

const windows1252Specials: Record<string, number> = {
  '€': 0x80,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '–': 0x96,
  '—': 0x97,
};

function encodeWindows1252(text: string): Buffer {
  return Buffer.from(
    Array.from(text, (char) => {
      const code = char.codePointAt(0)!;
      const special = windows1252Specials[char];
      if (special !== undefined) return special;
      if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
      throw new Error(`cannot encode ${char} in Windows-1252`);
    }),
  );
}

// ---------- programs from Debian ----------

function hasProgram(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function convertDocxToDoc(docxPath: string, docPath: string): void {
  if (!hasProgram('soffice')) {
    console.warn(
      `soffice not found: kept the existing ${docPath} (apt-get install -y libreoffice-writer-nogui)`,
    );
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'fixtures-'));
  try {
    copyFileSync(docxPath, join(work, 'source.docx'));
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${join(work, 'profile')}`,
        '--headless',
        '--convert-to',
        'doc:MS Word 97',
        '--outdir',
        work,
        join(work, 'source.docx'),
      ],
      { stdio: 'ignore', timeout: 120_000 },
    );
    copyFileSync(join(work, 'source.doc'), docPath);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function encryptPdf(sourcePath: string, targetPath: string): void {
  if (!hasProgram('qpdf')) {
    console.warn(`qpdf not found: kept the existing ${targetPath} (apt-get install -y qpdf)`);
    return;
  }
  // AES-256 with a user password: nobody can open the file without it (unlike an owner-only password).
  execFileSync('qpdf', [
    '--static-id',
    '--encrypt',
    'open-sesame',
    'owner-secret',
    '256',
    '--',
    sourcePath,
    targetPath,
  ]);
}

// ---------- main ----------

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const write = (name: string, data: Uint8Array): void => {
    writeFileSync(join(outDir, name), data);
    console.log(`${name.padEnd(22)} ${data.length} bytes`);
  };

  const png = makePng();
  const handbookPdf = await makeHandbookPdf();
  write('handbook.pdf', handbookPdf);
  write('scanned.pdf', await makeScannedPdf(png));
  // Cut the file at a third: the cross-reference table, trailer and most objects are gone.
  write('truncated.pdf', handbookPdf.subarray(0, Math.floor(handbookPdf.length / 3)));
  write('photo.pdf', png);

  const docx = await makeHandbookDocx();
  write('policies.docx', docx);

  write('faq-utf8.txt', Buffer.from(faqText, 'utf8'));
  write('faq-utf16le.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(faqText, 'utf16le')]));
  write('faq-windows1252.txt', encodeWindows1252(faqText));

  encryptPdf(join(outDir, 'handbook.pdf'), join(outDir, 'encrypted.pdf'));
  convertDocxToDoc(join(outDir, 'policies.docx'), join(outDir, 'policies.doc'));
  for (const name of ['encrypted.pdf', 'policies.doc']) {
    const path = join(outDir, name);
    if (existsSync(path)) console.log(`${name.padEnd(22)} ${readFileSync(path).length} bytes`);
  }
}

await main();
