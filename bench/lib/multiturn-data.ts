/**
 * The multi-turn sets (bench/data/<set>/conversations.json): businesses with their documents (paths relative to the
 * file) and conversations of turns. Shared by `npm run bench:multiturn` and the offer calibration.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildKnowledgeIndex, type KnowledgePassage } from '#server/agent/retrieval/knowledge-index.ts';
import { ingestFile } from './call.ts';
import { meaningIndexOf } from './meaning.ts';

export interface MultiturnTurn {
  caller: string;
  answerable: boolean;
  answers: string[];
  followup: boolean;
}

export interface MultiturnBusiness {
  id: string;
  companyName: string;
  documents: string[];
}

export interface MultiturnData {
  businesses: MultiturnBusiness[];
  conversations: { id: string; business: string; turns: MultiturnTurn[] }[];
}

export function readMultiturn(file: string): MultiturnData {
  return JSON.parse(readFileSync(file, 'utf8')) as MultiturnData;
}

/**
 * The set as one business holding every business's documents (BENCH_MERGE=1): the same calls against several times
 * as many pages, as a site of hundreds of pages gives. Said as "the help desk": no business's name helps the search.
 */
export function mergedBusinesses(data: MultiturnData): MultiturnData {
  const business: MultiturnBusiness = {
    id: 'merged',
    companyName: 'the help desk',
    documents: data.businesses.flatMap((b) => b.documents),
  };
  return {
    businesses: [business],
    conversations: data.conversations.map((c) => ({ ...c, business: business.id })),
  };
}

/** A business of the set at `file`, its documents through the product's ingestion, indexed by words and meaning. */
export async function indexBusiness(file: string, business: MultiturnBusiness) {
  const passages: KnowledgePassage[] = [];
  for (const document of business.documents) {
    const bytes = readFileSync(path.resolve(path.dirname(file), document));
    passages.push(...(await ingestFile(path.basename(document), bytes)));
  }
  const { companyName } = business;
  return {
    companyName,
    knowledge: buildKnowledgeIndex(passages, { companyName }),
    meaning: await meaningIndexOf(passages),
  };
}
