/**
 * The DSTC10 track 2 evaluation data (Apache-2.0): spoken questions with speech-recognition noise, put to the FAQ
 * knowledge of San Francisco hotels, restaurants and attractions. Each entity becomes a business using the product.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface FaqEntry {
  docId: string;
  title: string;
  body: string;
}

export interface Business {
  /** "<domain>:<entity id>" */
  key: string;
  domain: string;
  entityId: string;
  name: string;
  entries: FaqEntry[];
  /** Entries that apply to every entity of the domain ("*" in the data). */
  domainEntries: FaqEntry[];
}

export interface EvalTurn {
  id: number;
  question: string;
  businessKey: string;
  goldDocId: string;
  goldTitle: string;
  goldBody: string;
  goldResponse: string;
}

export interface EvalData {
  dir: string;
  businesses: Map<string, Business>;
  turns: EvalTurn[];
}

export function evalDir(): string {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  return process.env.BENCH_EVAL_DIR ?? path.resolve(repoRoot, '..', 'shared', 'eval', 'dstc10-track2');
}

interface RawDoc {
  title: string;
  body: string;
}
interface RawEntity {
  name: string | null;
  docs: Record<string, RawDoc>;
}

export function loadEvalData(dir = evalDir()): EvalData {
  const knowledge = JSON.parse(readFileSync(path.join(dir, 'knowledge.json'), 'utf8')) as Record<
    string,
    Record<string, RawEntity>
  >;
  const businesses = new Map<string, Business>();
  for (const [domain, entities] of Object.entries(knowledge)) {
    const domainWide = entities['*'];
    const domainEntries = domainWide ? toEntries(domainWide) : [];
    for (const [entityId, entity] of Object.entries(entities)) {
      if (entityId === '*') continue;
      const key = `${domain}:${entityId}`;
      businesses.set(key, {
        key,
        domain,
        entityId,
        name: entity.name ?? `${domain} ${entityId}`,
        entries: toEntries(entity),
        domainEntries,
      });
    }
  }

  const turns: EvalTurn[] = [];
  // Another split in the same format (a held-out or test set) is read with BENCH_EVAL_TURNS=<its file name>.
  const turnsFile = process.env.BENCH_EVAL_TURNS ?? 'val_eval_flat.jsonl';
  for (const line of readFileSync(path.join(dir, turnsFile), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line) as {
      id: number;
      question: string;
      knowledge_seeking: boolean;
      domain: string | null;
      entity_id: number | string | null;
      gold_doc_id: number | string | null;
      gold_doc: RawDoc | null;
      gold_response: string | null;
    };
    if (!row.knowledge_seeking || row.domain === null || row.gold_doc === null) continue;
    turns.push({
      id: row.id,
      question: row.question,
      businessKey: `${row.domain}:${String(row.entity_id)}`,
      goldDocId: String(row.gold_doc_id),
      goldTitle: row.gold_doc.title,
      goldBody: row.gold_doc.body,
      goldResponse: row.gold_response ?? '',
    });
  }
  return { dir, businesses, turns };
}

function toEntries(entity: RawEntity): FaqEntry[] {
  return Object.entries(entity.docs).map(([docId, d]) => ({ docId, title: d.title, body: d.body }));
}

/** A TXT upload: one FAQ entry per block, title line then body. */
export function faqText(entries: FaqEntry[]): string {
  return entries.map((e) => `${e.title.trim()}\n${e.body.trim()}\n`).join('\n');
}

/** Deterministic half of the businesses (for calibrating on one half and checking on the other). */
export function splitOf(businessKey: string): 'A' | 'B' {
  let h = 2166136261;
  for (let i = 0; i < businessKey.length; i++) {
    h ^= businessKey.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0) % 2 === 0 ? 'A' : 'B';
}
