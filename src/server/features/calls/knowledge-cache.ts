import { buildKnowledgeIndex, type KnowledgeIndex } from '../../agent/retrieval/knowledge-index.ts';
import { MeaningIndex } from '../../agent/retrieval/meaning.ts';
import { speechHintsOf } from '../../agent/speech-hints.ts';
import { loadTopicPhrasing } from '../../agent/topic-phrase.ts';
import { HOURS_PASSAGE_PREFIX } from '../../agent/opening-hours.ts';
import type { Db } from '../../db/database.ts';
import { loadAgentPassages } from '../../accounts/agent-passages.ts';
import { hasPendingVectors } from './calls.repository.ts';

type Agent = { id: string; userId: string; companyName: string };

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
  speechHints: () => string[];
}

interface Entry {
  version: number;
  built: Promise<Built>;
  usedAt: number;
  /** While vectors are pending: the check whether they are all there now (one at a time). */
  recheck?: Promise<Built>;
}

/**
 * Indexes per agent and knowledge version, shared across calls on this instance: twenty simultaneous calls
 * to one business build its index once, and a document change (knowledge_version bump) builds a new one. An
 * index built before the background loop had embedded every passage checks on each use (one small indexed
 * query) and is rebuilt once they all have their vectors. The speech hints sent with Twilio's voice webhook come
 * from the same passages, so asking for them also warms the index the call's setup needs a moment later.
 */
export class KnowledgeCache {
  private readonly entries = new Map<string, Entry>();
  constructor(
    private readonly db: Db,
    private readonly maxAgents = 200,
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
    const built = loadAgentPassages(this.db, { userId: agent.userId, agentId: agent.id }).then((rows) => {
      const passages = rows.map((r) => r.passage);
      loadTopicPhrasing();
      let hints: string[] | undefined;
      return {
        index: buildKnowledgeIndex(passages, { companyName: agent.companyName }),
        meaning: new MeaningIndex(rows),
        // The generated opening-hours passages never get a vector (they have no row): only documents' passages wait.
        vectorsPending: rows.some((r) => r.vector === null && !r.passage.id.startsWith(HOURS_PASSAGE_PREFIX)),
        speechHints: () => (hints ??= speechHintsOf(passages, agent.companyName)),
      };
    });
    const entry: Entry = { version, built, usedAt: Date.now() };
    this.entries.set(agent.id, entry);
    built.catch(() => {
      if (this.entries.get(agent.id) === entry) this.entries.delete(agent.id);
    });
    this.evict();
    return built;
  }

  private evict(): void {
    if (this.entries.size <= this.maxAgents) return;
    const oldest = [...this.entries].sort((a, b) => a[1].usedAt - b[1].usedAt)[0];
    if (oldest) this.entries.delete(oldest[0]);
  }
}
