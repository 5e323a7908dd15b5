/**
 * `npm run bench:multiturn`: answer quality over whole calls, where a caller asks several questions in turn and some
 * lean on the one before ("and how much is it?").
 *
 * Data: bench/data/multiturn/conversations.json (BENCH_MULTITURN_FILE overrides it): businesses with their
 * documents (paths relative to the file), and conversations whose turns say what the caller asks, whether the
 * documents answer it, the answer spans (a right answer holds one) and whether the turn is a follow-up. Documents go
 * through the product's ingestion; each business gets one index, with passage vectors (cached in data/bench-cache/).
 * Each conversation is one call: the greeting, then each turn in order. When the agent asks "are you asking …?"
 * the caller says yes when the offered passage holds an answer span, else no. After a declined turn the caller goes
 * on with the next question; when the agent ended the call (a transfer), the remaining turns go to a new call and
 * the conversation counts as cut short.
 * BENCH_CONV=c001,c007 runs only those conversations (with BENCH_VERBOSE=1, to look at a few calls). BENCH_JSON=<file>
 * also writes the all-turns report there.
 * BENCH_CALLER=trusting: the caller says yes to every "are you asking …?" (the other bound; see bench/lib/call.ts);
 * BENCH_CALLER=topical: also yes when the offered name shares a word with the question (a middle estimate).
 * BENCH_STYLE=polite: the caller says each question in full, polite sentences (bench/lib/caller-style.ts).
 * BENCH_MERGE=1: every business's documents in one business, as a site of hundreds of pages (mergedBusinesses).
 *   answerable:   right when the agent answers and its spoken answer holds an answer span (SQuAD normalisation);
 *   unanswerable: right when it declines.
 * The report is printed for all turns, each call's first turn, the follow-ups (on the call they follow, and on a new
 * call after a cut) and the other new questions.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KnowledgePassage } from '#server/agent/retrieval/knowledge-index.ts';
import { askAndConfirm, greetedCall, replay, type CallerLine } from './lib/call.ts';
import { CALLER_STYLE, spokenAs } from './lib/caller-style.ts';
import { questionVector } from './lib/meaning.ts';
import { indexBusiness, mergedBusinesses, readMultiturn } from './lib/multiturn-data.ts';
import { holdsGoldAnswer, judgeReply, printReport, reportOf, type JudgedQuestion } from './lib/report.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const file = process.env.BENCH_MULTITURN_FILE ?? path.join(here, 'data', 'multiturn', 'conversations.json');
const data = process.env.BENCH_MERGE === '1' ? mergedBusinesses(readMultiturn(file)) : readMultiturn(file);
const verbose = process.env.BENCH_VERBOSE === '1';

type Kind = 'first' | 'followup' | 'new';
/** afterCut: asked on a new call after the agent ended the first one (a follow-up has then lost its context). */
const judged: (JudgedQuestion & { kind: Kind; afterCut: boolean })[] = [];
let cutShort = 0;
/** "Are you asking …?" asked, and how the simulated caller answered it (yes: the offered passage holds an answer). */
const confirmations = { asked: 0, yes: 0 };
await questionVector('are you open today'); // loads the encoder, so its start does not count in a turn

for (const business of data.businesses) {
  const { companyName, knowledge, meaning } = await indexBusiness(file, business);
  const start = () => greetedCall(companyName, knowledge, meaning);

  for (const conversation of data.conversations.filter(
    (c) =>
      c.business === business.id &&
      (!process.env.BENCH_CONV || process.env.BENCH_CONV.split(',').includes(c.id)),
  )) {
    // What the caller has said on the current call, replayed to reopen it (see askAndConfirm).
    let lines: CallerLine[] = [];
    let restarted = false;
    const number = data.conversations.indexOf(conversation);
    for (const [i, turn] of conversation.turns.entries()) {
      const said = spokenAs(CALLER_STYLE, turn.caller, i, number);
      const holdsAnswer = (p: KnowledgePassage | undefined) =>
        holdsGoldAnswer(p, turn.answerable, turn.answers);
      const call = await askAndConfirm(() => replay(start, lines), said, holdsAnswer, questionVector);
      const { outcome, right } = judgeReply(
        call.final,
        call.conversation.state,
        turn.answerable,
        turn.answers,
      );
      if (call.confirmed !== null) confirmations.asked++;
      if (call.confirmed === 'yes') confirmations.yes++;
      judged.push({
        id: `${conversation.id}#${i}`,
        set: 'multiturn',
        answerable: turn.answerable,
        outcome,
        right,
        spoken: call.final.text,
        gold: turn.answers,
        turnMs: call.turnMs,
        kind: i === 0 ? 'first' : turn.followup ? 'followup' : 'new',
        afterCut: restarted,
      });
      if (verbose)
        console.log(
          `${conversation.id}#${i} ${turn.followup ? 'follow-up' : 'new'} ${turn.answerable ? 'answerable' : 'unanswerable'} ${outcome}${right ? ' right' : outcome === 'answered' && holdsAnswer(call.final.answer?.passages[0]) ? ' (passage holds the answer, not said)' : ''}${call.confirmed ? ` (confirmed ${call.confirmed} to "${call.first.text}")` : ''}: ${said} -> ${call.final.text}`,
        );
      lines = [...lines, ...call.lines];
      if (call.conversation.state.ended) {
        // The caller calls again for the questions left; a follow-up among them has lost what it leaned on.
        if (i < conversation.turns.length - 1 && !restarted) cutShort++;
        restarted = true;
        lines = [];
      }
    }
  }
}

const conversations = data.conversations.length;
console.log(
  `Multi-turn calls: ${data.businesses.length} businesses, ${conversations} conversations, ${judged.length} turns (${path.relative(process.cwd(), file)})`,
);
const allTurns = reportOf(judged);
printReport('all turns', allTurns);
// BENCH_JSON=<file>: the all-turns report as JSON too (read by `npm run bench:quality`).
if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(allTurns));
printReport('first turn of each call', reportOf(judged.filter((j) => j.kind === 'first')));
const followups = judged.filter((j) => j.kind === 'followup');
printReport('follow-up turns', reportOf(followups));
printReport('  of which on the call they follow', reportOf(followups.filter((j) => !j.afterCut)));
printReport('  of which on a new call, after a cut', reportOf(followups.filter((j) => j.afterCut)));
printReport('later new questions', reportOf(judged.filter((j) => j.kind === 'new')));
console.log(
  `\n"are you asking …?"    ${confirmations.asked} of ${judged.length} turns (${((100 * confirmations.asked) / Math.max(1, judged.length)).toFixed(1)} %), ${confirmations.yes} accepted, ${confirmations.asked - confirmations.yes} refused`,
);
console.log(
  `calls cut short        ${cutShort} of ${conversations} (the agent ended the call before the last turn)`,
);
