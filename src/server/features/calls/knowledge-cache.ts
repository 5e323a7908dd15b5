import { buildKnowledgeIndex, type KnowledgeIndex } from '../../agent/retrieval/knowledge-index.ts';
import { speechHintsOf } from '../../agent/speech-hints.ts';
import type { Db } from '../../db/database.ts';
import { loadAgentPassages } from './calls.repository.ts';

type Agent = { id: string; userId: string; companyName: string };

interface Built {
  index: KnowledgeIndex;
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
}

/**
 * Indexes per agent and knowledge version, shared across calls on this instance: twenty simultaneous calls
 * to one business build its index once, and a document change (knowledge_version bump) builds a new one. The
 * speech hints sent with Twilio's voice webhook come from the same passages, so asking for them also warms the
 * index the call's setup needs a moment later.
 */
export class KnowledgeCache {
  private readonly entries = new Map<string, Entry>();
  constructor(
    private readonly db: Db,
    private readonly maxAgents = 200,
  ) {}

  get(agent: Agent, version: number): Promise<KnowledgeIndex> {
    return this.built(agent, version).then((b) => b.index);
  }

  speechHints(agent: Agent, version: number): Promise<string[]> {
    return this.built(agent, version).then((b) => b.speechHints());
  }

  private built(agent: Agent, version: number): Promise<Built> {
    const current = this.entries.get(agent.id);
    if (current && current.version === version) {
      current.usedAt = Date.now();
      return current.built;
    }
    const built = loadAgentPassages(this.db, agent.userId).then((passages) => {
      let hints: string[] | undefined;
      return {
        index: buildKnowledgeIndex(passages, { companyName: agent.companyName }),
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
