import { describe, expect, it } from 'vitest';
import type { AgentPassage } from '../../accounts/agent-passages.ts';
import type { AgentRef } from '../../accounts/agent-scope.ts';
import type { Db } from '../../db/database.ts';
import { KnowledgeCache } from './knowledge-cache.ts';

/** Agents whose documents hold `sizes[id]` passages, each with a vector; counts how often each is loaded. */
function documentsOf(sizes: Record<string, number>) {
  const loads: string[] = [];
  const load = async (_db: Db, agent: AgentRef): Promise<AgentPassage[]> => {
    loads.push(agent.agentId);
    return Array.from({ length: sizes[agent.agentId]! }, (_, i) => ({
      passage: {
        id: `${agent.agentId}-${i}`,
        documentName: 'faq.txt',
        heading: `Question ${i} of ${agent.agentId}`,
        page: null,
        text: `Answer ${i}: the ${agent.agentId} shop opens at ${i % 12} o'clock.`,
      },
      vector: new Float32Array([1, i, 0]),
    }));
  };
  return { load, loads };
}

const agent = (id: string) => ({ id, userId: `owner-${id}`, companyName: `${id} shop` });
const noDatabase = null as unknown as Db;

describe('knowledge cache', () => {
  it('keeps agents while the passages they hold fit, letting the least recently used go first', async () => {
    const { load, loads } = documentsOf({ a: 600, b: 300, c: 500 });
    const cache = new KnowledgeCache(noDatabase, 200, 1_000, load);
    const a = await cache.get(agent('a'), 1);
    expect(a.index.size).toBe(600);
    await cache.get(agent('b'), 1);
    await cache.get(agent('a'), 1);
    await cache.get(agent('b'), 1);
    expect(loads).toEqual(['a', 'b']);

    // 600 + 300 + 500 passages pass the bound: a, used longest ago, is let go; b stays.
    await cache.get(agent('c'), 1);
    await cache.get(agent('b'), 1);
    await cache.get(agent('c'), 1);
    expect(loads).toEqual(['a', 'b', 'c']);
    await cache.get(agent('a'), 1);
    expect(loads).toEqual(['a', 'b', 'c', 'a']);
  });

  it('serves an agent larger than the bound, and builds it anew for a new knowledge version', async () => {
    const { load, loads } = documentsOf({ big: 1_500, small: 10 });
    const cache = new KnowledgeCache(noDatabase, 200, 1_000, load);
    const big = await cache.get(agent('big'), 1);
    expect(big.index.search('when does the big shop open').hits.length).toBeGreaterThan(0);
    await cache.get(agent('big'), 1);
    expect(loads).toEqual(['big']);
    await cache.get(agent('big'), 2);
    expect(loads).toEqual(['big', 'big']);
    // Another agent's index is built: the big one, over the bound with it, is let go, and built again when called.
    await cache.get(agent('small'), 1);
    await cache.get(agent('small'), 1);
    expect(loads).toEqual(['big', 'big', 'small']);
    await cache.get(agent('big'), 2);
    expect(loads).toEqual(['big', 'big', 'small', 'big']);
  });

  it('holds at most as many agents as it is allowed, however small', async () => {
    const { load, loads } = documentsOf({ a: 1, b: 1, c: 1 });
    const cache = new KnowledgeCache(noDatabase, 2, 1_000, load);
    for (const id of ['a', 'b', 'c', 'b', 'c', 'a']) await cache.get(agent(id), 1);
    expect(loads).toEqual(['a', 'b', 'c', 'a']);
  });
});
