/**
 * `npm run bench:live`: do real calls behave as the quality benches measure? The quality benches drive the turn engine
 * directly (bench/lib/call.ts); a caller reaches it through much more: the upload pipeline (extraction thread,
 * passages in the database), the background loop that embeds passages, the call runtime's knowledge cache and its
 * wrapper of the index, the question embedded by the call, the ConversationRelay socket. This bench plays a multi-turn
 * set (BENCH_MULTITURN_FILE, default bench/data/sites) both ways, line by line, and counts the replies that differ.
 *
 * Each business is an owner on Pro with an active agent whose documents go through the product's upload (prepare,
 * then store; the 50-document limit is not applied, a bench business may have more). The engine's side reads the same
 * files under the names the upload gave them ("index (2).md" for a second "index.md"), in the order the agent keeps
 * them (by name, for one upload). Each conversation is one call on
 * the socket and, beside it, one conversation of the engine as `npm run bench:multiturn` runs it; the truthful caller
 * answers "are you asking …?" from the engine's side (askAndConfirm) and says the same line on the socket. A call the
 * agent ends goes on in a new call, on both sides. BENCH_PARTIAL=1 also sends the caller's words as partial prompts,
 * a word at a time, before each final one (the runtime then embeds the question early). BENCH_CONV=c001,c002 plays
 * only those conversations.
 *
 * Prints the lines compared, how many replies were the same, and each difference (the engine's and the call's);
 * exits non-zero when any differs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildKnowledgeIndex, type KnowledgePassage } from '#server/agent/retrieval/knowledge-index.ts';
import { prepareDocuments } from '#server/features/knowledge/knowledge.service.ts';
import { bumpKnowledgeVersion, replaceDocument } from '#server/features/knowledge/knowledge.repository.ts';
import { embedPendingPassages } from '#server/features/knowledge/passage-vectors.ts';
import { askAndConfirm, greetedCall, ingestFile, replay, type CallerLine } from './lib/call.ts';
import { addBusiness, dialIn, startLiveApp } from './lib/live-app.ts';
import { meaningIndexOf, questionVector } from './lib/meaning.ts';
import { readMultiturn } from './lib/multiturn-data.ts';
import { holdsGoldAnswer } from './lib/report.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const file = process.env.BENCH_MULTITURN_FILE ?? path.join(here, 'data', 'sites', 'conversations.json');
const data = readMultiturn(file);
const partial = process.env.BENCH_PARTIAL === '1';
const only = process.env.BENCH_CONV?.split(',') ?? null;

const { db, providers, port, close } = await startLiveApp('/tmp/answerdesk-bench-live');
await questionVector('are you open today'); // loads the encoder before the first turn

/** Spoken text as the caller hears it: the same words, whatever the spacing. */
const same = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

let compared = 0;
let identical = 0;
const differences: string[] = [];

for (const [b, business] of data.businesses.entries()) {
  const number = `+1555020${String(b).padStart(4, '0')}`;
  const agent = await addBusiness(db, { key: business.id, companyName: business.companyName, number });
  const files = business.documents.map((document) => ({
    filename: path.basename(document),
    data: readFileSync(path.resolve(path.dirname(file), document)),
    truncated: false,
  }));
  const prepared = await prepareDocuments(files);
  await db.transaction().execute(async (trx) => {
    await bumpKnowledgeVersion(trx, agent, new Date());
    for (const [i, document] of prepared.entries()) {
      await replaceDocument(trx, agent, {
        name: document.name,
        blobKey: `bench/${business.id}/${i}`,
        kind: document.kind,
        sizeBytes: document.data.length,
        pageCount: document.pageCount,
        passages: document.passages,
      });
    }
  });
  while ((await embedPendingPassages(db, providers.encoder)) > 0);

  // The engine's side: the same files under the names the upload gave them, in the order the agent keeps them.
  const passages: KnowledgePassage[] = [];
  for (const [i, document] of prepared.entries())
    passages.push(...(await ingestFile(document.name, files[i]!.data)));
  passages.sort((a, b) => (a.documentName < b.documentName ? -1 : a.documentName > b.documentName ? 1 : 0));
  const { companyName } = business;
  const knowledge = buildKnowledgeIndex(passages, { companyName });
  const meaning = await meaningIndexOf(passages);
  const start = () => greetedCall(companyName, knowledge, meaning);

  let calls = 0;
  const dial = async () => {
    const caller = await dialIn(port);
    calls++;
    await caller.ask({
      type: 'setup',
      callSid: `CAlive${business.id}${calls}`,
      from: '+15559000000',
      to: number,
    });
    return caller;
  };

  for (const conversation of data.conversations.filter(
    (c) => c.business === business.id && (!only || only.includes(c.id)),
  )) {
    let caller = await dial();
    let lines: CallerLine[] = [];
    for (const [i, turn] of conversation.turns.entries()) {
      const holdsAnswer = (p: KnowledgePassage | undefined) =>
        holdsGoldAnswer(p, turn.answerable, turn.answers);
      const asked = await askAndConfirm(() => replay(start, lines), turn.caller, holdsAnswer, questionVector);
      const expected = [asked.first, ...(asked.lines.length > 1 ? [asked.final] : [])];
      for (const [k, line] of asked.lines.entries()) {
        if (partial && k === 0) {
          const words = line.text.split(' ');
          for (let n = 1; n < words.length; n++)
            caller.send({ type: 'prompt', voicePrompt: words.slice(0, n).join(' '), last: false });
        }
        const heard = await caller.ask({ type: 'prompt', voicePrompt: line.text, last: true });
        const engine = expected[k]!.text;
        compared++;
        if (same(heard.text, engine)) identical++;
        else
          differences.push(
            `${conversation.id}#${i} "${line.text}"\n    engine: ${engine}\n    call:   ${heard.text}`,
          );
      }
      lines = [...lines, ...asked.lines];
      if (asked.conversation.state.ended) {
        caller.hangUp();
        caller = await dial();
        lines = [];
      }
    }
    caller.hangUp();
  }
}

console.log(
  `Live calls against the engine (${path.relative(process.cwd(), file)}${partial ? ', partial prompts' : ''}): ${identical} of ${compared} replies the same, ${differences.length} different`,
);
for (const d of differences.slice(0, 40)) console.log(`  ${d}`);
if (differences.length > 40) console.log(`  … and ${differences.length - 40} more`);
await close();
process.exit(differences.length === 0 ? 0 : 1);
