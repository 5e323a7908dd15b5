// Checks a multi-turn set: JSON shape, document paths, and that every answer span of an
// answerable turn is copied verbatim (case-insensitive, whitespace-normalised) from that business's
// documents. Prints the counts the README quotes. Each set's README says its limits:
//   node bench/data/check-multiturn.mjs bench/data/multiturn/conversations.json --turns 2-5
//   node bench/data/check-multiturn.mjs bench/data/multiturn2/conversations.json --turns 3-6 --max-answer-words 6
// --sites: each business is a real documentation site (at least 10 pages referenced from node_modules, any path
// relative to the set, no per-page word limit); its page count and words are printed:
//   node bench/data/check-multiturn.mjs bench/data/sites/conversations.json --sites --turns 3-6 --max-answer-words 8
// --html (with --sites): documents may also be absolute paths and .html/.htm pages; a page's words and spans are
// taken from its visible text (script, style, head and comments dropped, tags removed, entities decoded), and a
// span must be found whether tags are removed or replaced by a space:
//   node bench/data/check-multiturn.mjs bench/data/sites2/conversations.json --sites --html --turns 3-6 --max-answer-words 8
import { readFileSync, existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1] : fallback;
};
const [minTurns, maxTurns] = option('--turns', '2-6').split('-').map(Number);
const maxAnswerWords = Number(option('--max-answer-words', 'Infinity'));
const sites = args.includes('--sites');
const html = sites && args.includes('--html');
const entities = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', rsquo: '\u2019', lsquo: '\u2018', rdquo: '\u201d', ldquo: '\u201c', mdash: '\u2014', ndash: '\u2013', hellip: '\u2026', copy: '\u00a9' };
const decode = (text) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name) => {
    if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return entities[name.toLowerCase()] ?? whole;
  });
// Visible text of a page, tags removed (separator '') or replaced by a space (separator ' ').
const visible = (page, separator) =>
  decode(
    page
      .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<head\b[\s\S]*?<\/head\s*>/gi, ' ')
      .replace(/<[^>]*>/g, separator),
  );
const valued = new Set(['--turns', '--max-answer-words']);
const setPath = resolve(args.find((a, i) => !a.startsWith('--') && !valued.has(args[i - 1])) ?? '');
const base = dirname(setPath);
const set = JSON.parse(readFileSync(setPath, 'utf8'));
const errors = [];
const fail = (where, message) => errors.push(`${where}: ${message}`);
const norm = (text) => text.toLowerCase().replace(/\s+/g, ' ').trim();
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

if (!isObject(set) || !Array.isArray(set.businesses) || !Array.isArray(set.conversations)) {
  console.error('conversations.json must be { businesses: [], conversations: [] }');
  process.exit(1);
}

const documentsOf = new Map();
for (const [index, business] of set.businesses.entries()) {
  const where = `businesses[${index}]`;
  if (!isObject(business)) {
    fail(where, 'not an object');
    continue;
  }
  const { id, companyName, documents } = business;
  if (typeof id !== 'string' || !/^[a-z0-9-]+$/.test(id)) fail(where, 'id must be a lower-case slug');
  if (documentsOf.has(id)) fail(where, `duplicate id ${id}`);
  if (typeof companyName !== 'string' || companyName.trim() === '') fail(where, 'companyName missing');
  const [fewest, most] = sites ? [10, Infinity] : [2, 4];
  if (!Array.isArray(documents) || documents.length < fewest || documents.length > most) {
    fail(where, sites ? 'documents must list at least 10 paths' : 'documents must list 2-4 paths');
    continue;
  }
  const texts = [];
  let totalWords = 0;
  for (const path of documents) {
    const extensions = html ? /\.(md|txt|html?)$/ : /\.(md|txt)$/;
    if (typeof path !== 'string' || !(sites || path.startsWith(`${id}/`)) || !extensions.test(path)) {
      fail(where, `document ${path} must be ${sites ? 'a' : `${id}/<name>`}.md or .txt${html ? ' or .html' : ''} path`);
      continue;
    }
    const full = html && isAbsolute(path) ? path : join(base, path);
    if (!existsSync(full)) {
      fail(where, `document ${path} does not exist`);
      continue;
    }
    const raw = readFileSync(full, 'utf8');
    const isPage = html && /\.html?$/.test(path);
    const text = isPage ? visible(raw, ' ') : raw;
    const words = text.split(/\s+/).filter(Boolean).length;
    totalWords += words;
    if (!sites && (words < 300 || words > 1200))
      fail(where, `document ${path} has ${words} words (300-1200 wanted)`);
    texts.push(isPage ? [norm(text), norm(visible(raw, ''))] : [norm(text)]);
  }
  if (sites) console.log(`${id}: ${texts.length} documents, ${totalWords} words`);
  documentsOf.set(id, texts);
}

const counts = { conversations: 0, turns: 0, answerable: 0, unanswerable: 0, followups: 0 };
const followupCounts = { answerable: 0, unanswerable: 0 };
const firstCounts = { answerable: 0, unanswerable: 0 };
const ids = new Set();
const businessesUsed = new Set();
for (const [index, conversation] of set.conversations.entries()) {
  const where = `conversations[${index}]`;
  if (!isObject(conversation)) {
    fail(where, 'not an object');
    continue;
  }
  const { id, business, turns } = conversation;
  if (typeof id !== 'string' || !/^c\d{3}$/.test(id)) fail(where, 'id must look like c001');
  if (ids.has(id)) fail(where, `duplicate id ${id}`);
  ids.add(id);
  const texts = documentsOf.get(business);
  if (!texts) fail(where, `unknown business ${business}`);
  businessesUsed.add(business);
  if (!Array.isArray(turns) || turns.length < minTurns || turns.length > maxTurns) {
    fail(where, `turns must hold ${minTurns}-${maxTurns} turns`);
    continue;
  }
  counts.conversations += 1;
  for (const [turnIndex, turn] of turns.entries()) {
    const at = `${id} turn ${turnIndex + 1}`;
    const keys = Object.keys(turn ?? {}).sort().join(',');
    if (keys !== 'answerable,answers,caller,followup') {
      fail(at, `keys must be caller, answerable, answers, followup (got ${keys})`);
      continue;
    }
    const { caller, answerable, answers, followup } = turn;
    if (typeof caller !== 'string' || caller.trim() === '') fail(at, 'caller missing');
    if (typeof answerable !== 'boolean' || typeof followup !== 'boolean') fail(at, 'flags must be booleans');
    if (!Array.isArray(answers) || answers.some((answer) => typeof answer !== 'string' || !answer.trim())) {
      fail(at, 'answers must be non-empty strings');
      continue;
    }
    if (turnIndex === 0 && followup) fail(at, 'a first turn cannot be a follow-up');
    if (answerable && (answers.length < 1 || answers.length > 3)) fail(at, 'answerable needs 1-3 answers');
    if (!answerable && answers.length !== 0) fail(at, 'unanswerable turns have no answers');
    for (const answer of answerable ? answers : []) {
      if (texts && !texts.some((variants) => variants.every((text) => text.includes(norm(answer))))) {
        fail(at, `answer "${answer}" is not in ${business}'s documents`);
      }
      const words = answer.split(/\s+/).filter(Boolean).length;
      if (words > maxAnswerWords) fail(at, `answer "${answer}" has ${words} words (1-${maxAnswerWords} wanted)`);
    }
    counts.turns += 1;
    counts[answerable ? 'answerable' : 'unanswerable'] += 1;
    const key = answerable ? 'answerable' : 'unanswerable';
    if (followup) {
      counts.followups += 1;
      followupCounts[key] += 1;
    }
    if (turnIndex === 0) firstCounts[key] += 1;
  }
}
for (const id of documentsOf.keys()) if (!businessesUsed.has(id)) fail('businesses', `${id} has no conversation`);

console.log(`businesses: ${documentsOf.size}`);
console.log(`conversations: ${counts.conversations}`);
console.log(`turns: ${counts.turns} (answerable ${counts.answerable}, unanswerable ${counts.unanswerable})`);
console.log(
  `follow-ups: ${counts.followups} (answerable ${followupCounts.answerable}, unanswerable ${followupCounts.unanswerable})`,
);
const pct = (part, whole) => (whole ? Math.round((100 * part) / whole) : 0);
console.log(
  `shares: unanswerable ${pct(counts.unanswerable, counts.turns)}% of turns, follow-ups ${pct(counts.followups, counts.turns)}% of turns`,
);
console.log(`first turns: answerable ${firstCounts.answerable}, unanswerable ${firstCounts.unanswerable}`);
if (errors.length > 0) {
  for (const error of errors) console.error(`ERROR ${error}`);
  console.error(`${errors.length} error(s)`);
  process.exit(1);
}
console.log('ok');
