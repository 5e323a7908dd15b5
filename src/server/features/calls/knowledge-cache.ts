import { buildKnowledgeIndexInSlices, type KnowledgeIndex } from '../../agent/retrieval/knowledge-index.ts';
import { MeaningIndex } from '../../agent/retrieval/meaning.ts';
import { speechHintsInSlices } from '../../agent/speech-hints.ts';
import { loadTopicPhrasing } from '../../agent/topic-phrase.ts';
import { HOURS_PASSAGE_PREFIX } from '../../agent/opening-hours.ts';
import type { Db } from '../../db/database.ts';
import { loadAgentPassages, type AgentPassage } from '../../accounts/agent-passages.ts';
import type { AgentRef } from '../../accounts/agent-scope.ts';
import { hasPendingVectors } from './calls.repository.ts';

type Agent = { id: string; userId: string; companyName: string };

/** Passages the cache holds at most over all agents: ten agents at the upload limit, about 600 MB of heap. */
export const MAX_CACHED_PASSAGES = 120_000;

/** What a call searches: the passages by their words, and by meaning where their vectors are known. */
export interface AgentKnowledgeIndex {
  index: KnowledgeIndex;
  meaning: MeaningIndex;
}

interface Built extends AgentKnowledgeIndex {
  /** Some passages had no vector yet (computed in the background after an upload). */
  vectorsPending: boolean;
  /**
   * The recogniser's hints for this business's calls (agent/speech-hints.ts), worked out on first use: only
   * Twilio's voice webhook asks for them, and a call's setup must not wait for them.
   */
  speechHints: () => Promise<string[]>;
}

interface Entry {
  version: number;
  built: Promise<Built>;
  usedAt: number;
  /** The passages its index holds, once built (0 before): what the cache is bounded by. */
  passages: number;
  /** While vectors are pending: the check whether they are all there now (one at a time). */
  recheck?: Promise<Built>;
}

/**
 * Indexes per agent and knowledge version, shared across calls on this instance: twenty simultaneous calls
 * to one business build its index once, and a document change (knowledge_version bump) builds a new one. An
 * index built before the background loop had embedded every passage checks on each use (one small indexed
 * query) and is rebuilt once they all have their vectors. The speech hints sent with Twilio's voice webhook come
 * from the same passages, so asking for them also warms the index the call's setup needs a moment later.
 *
 * Bounded by the passages it holds (about 5 KB of heap each with its vector: 12,000 passages of web pages hold 58 MB,
 * `npm run bench:knowledge`) as well as by agents: the least recently used are let go first, never the one just built.
 * An index is built a slice at a time (buildKnowledgeIndexInSlices), so a large business's first call does not hold
 * up the turns of calls to others on this instance (ADR 030).
 */
export class KnowledgeCache {
  private readonly entries = new Map<string, Entry>();
  constructor(
    private readonly db: Db,
    private readonly maxAgents = 200,
    private readonly maxPassages = MAX_CACHED_PASSAGES,
    private readonly load: (db: Db, agent: AgentRef) => Promise<AgentPassage[]> = loadAgentPassages,
  ) {}

  get(agent: Agent, version: number): Promise<AgentKnowledgeIndex> {
    return this.built(agent, version);
  }

  speechHints(agent: Agent, version: number): Promise<string[]> {
    return this.built(agent, version).then((b) => b.speechHints());
  }

  private async built(agent: Agent, version: number): Promise<Built> {
    const current = this.entries.get(agent.id);
    if (!current || current.version !== version) return this.build(agent, version);
    current.usedAt = Date.now();
    const built = await current.built;
    if (!built.vectorsPending) return built;
    current.recheck ??= hasPendingVectors(this.db, agent.id)
      .then((pending) =>
        pending || this.entries.get(agent.id) !== current ? built : this.build(agent, version),
      )
      // Search by meaning is an extra: a failed check or rebuild keeps the call on the index it has.
      .catch(() => built)
      .finally(() => {
        current.recheck = undefined;
      });
    return current.recheck;
  }

  private build(agent: Agent, version: number): Promise<Built> {
    const loaded = this.load(this.db, { userId: agent.userId, agentId: agent.id }).then(async (rows) => {
      const passages = rows.map((r) => r.passage);
      loadTopicPhrasing();
      let hints: Promise<string[]> | undefined;
      const built: Built = {
        index: await buildKnowledgeIndexInSlices(passages, { companyName: agent.companyName }),
        meaning: await MeaningIndex.inSlices(rows),
        // The generated opening-hours passages never get a vector (they have no row): only documents' passages wait.
        vectorsPending: rows.some((r) => r.vector === null && !r.passage.id.startsWith(HOURS_PASSAGE_PREFIX)),
        speechHints: () => (hints ??= speechHintsInSlices(passages, agent.companyName)),
      };
      return { built, passages: rows.length };
    });
    const entry: Entry = { version, built: loaded.then((l) => l.built), usedAt: Date.now(), passages: 0 };
    this.entries.set(agent.id, entry);
    loaded.then(
      (l) => {
        entry.passages = l.passages;
        if (this.entries.get(agent.id) === entry) this.evict(entry);
      },
      () => {
        if (this.entries.get(agent.id) === entry) this.entries.delete(agent.id);
      },
    );
    this.evict(entry);
    return entry.built;
  }

  /** Lets the least recently used go until both bounds hold, `keep` (just built or building) aside. */
  private evict(keep: Entry): void {
    let held = 0;
    for (const e of this.entries.values()) held += e.passages;
    const oldestFirst = [...this.entries]
      .filter(([, e]) => e !== keep)
      .sort((a, b) => a[1].usedAt - b[1].usedAt);
    for (const [agentId, e] of oldestFirst) {
      if (this.entries.size <= this.maxAgents && held <= this.maxPassages) return;
      this.entries.delete(agentId);
      held -= e.passages;
    }
  }
}
