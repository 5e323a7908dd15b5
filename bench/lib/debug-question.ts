/** Debug helper: `npx tsx bench/lib/debug-question.ts <set.json> "<business name prefix>" "<question>"` prints the top hits. */
import { readFileSync } from 'node:fs';
import { buildKnowledgeIndex } from '#server/agent/retrieval/knowledge-index.ts';
import { ingestFile } from './call.ts';

const [file, biz, q] = process.argv.slice(2);
const data = JSON.parse(readFileSync(file!, 'utf8'));
const b = data.businesses.find((x: { name: string }) => x.name.startsWith(biz!));
const passages = await ingestFile(b.document.filename, b.document.text);
const index = buildKnowledgeIndex(passages, { companyName: b.name });
const r = index.search(q!, { limit: 5 });
console.log('terms', r.queryWords, 'matched', r.matchedTerms);
for (const h of r.hits)
  console.log(h.relevance.toFixed(2), h.score.toFixed(2), h.passage.heading, JSON.stringify(h.features));
