import { buildKnowledgeIndex, type KnowledgeIndex } from '../../agent/retrieval/knowledge-index.ts';
import type { Db } from '../../db/database.ts';
import { loadAgentPassages } from './calls.repository.ts';

interface Entry {
  version: number;
  index: Promise<KnowledgeIndex>;
  usedAt: number;
}

/**
 * Indexes per agent and knowledge version, shared across calls on this instance: twenty simultaneous calls
 * to one business build its index once, and a document change (knowledge_version bump) builds a new one.
 */
export class KnowledgeCache {
  private readonly entries = new Map<string, Entry>();
  constructor(
    private readonly db: Db,
    private readonly maxAgents = 200,
  ) {}

  get(agent: { id: string; userId: string; companyName: string }, version: number): Promise<KnowledgeIndex> {
    const current = this.entries.get(agent.id);
    if (current && current.version === version) {
      current.usedAt = Date.now();
      return current.index;
    }
    const index = loadAgentPassages(this.db, agent.userId).then((passages) =>
      buildKnowledgeIndex(passages, { companyName: agent.companyName }),
    );
    const entry: Entry = { version, index, usedAt: Date.now() };
    this.entries.set(agent.id, entry);
    index.catch(() => {
      if (this.entries.get(agent.id) === entry) this.entries.delete(agent.id);
    });
    this.evict();
    return index;
  }

  private evict(): void {
    if (this.entries.size <= this.maxAgents) return;
    const oldest = [...this.entries].sort((a, b) => a[1].usedAt - b[1].usedAt)[0];
    if (oldest) this.entries.delete(oldest[0]);
  }
}
