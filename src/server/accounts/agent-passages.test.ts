import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { vectorToBytes } from '../agent/retrieval/meaning.ts';
import { createTestDatabase, databaseTargets } from '../test/harness.ts';
import { agentRefOf, seedAgentConfig } from '../test/seed.ts';
import { LOAD_BATCH, loadAgentPassages } from './agent-passages.ts';

describe.each(databaseTargets())("an agent's passages as a call loads them (%s)", (target) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase(target));
  });
  afterAll(() => drop());

  /** An agent of its own account, with a document per entry of `sizes` (its name and passages), uploaded at `at`. */
  const seed = async (number: string, sizes: [string, number][], at: Date) => {
    const user = await db
      .insertInto('users')
      .values({ email: `${number}@example.com` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await seedAgentConfig(db, { user_id: user.id, twilio_phone_number: number });
    const agent = await agentRefOf(db, user.id);
    for (const [name, count] of sizes) {
      const document = await db
        .insertInto('documents')
        .values({
          agent_id: agent.agentId,
          user_id: user.id,
          name,
          blob_key: `documents/${name}`,
          kind: 'md',
          size_bytes: 100,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Stored last passage first: the load orders them, not the table.
      const ords = Array.from({ length: count }, (_, i) => count - 1 - i);
      await db
        .insertInto('passages')
        .values(
          ords.map((ord) => ({
            agent_id: agent.agentId,
            document_id: document.id,
            user_id: user.id,
            ord,
            heading: `${name} section ${ord}`,
            // A page's title, then the sections under it.
            heading_level: ord === 0 ? 1 : 2,
            page: null,
            text: `Passage ${ord} of ${name}.`,
            vector: ord % 7 === 3 ? null : vectorToBytes(new Float32Array([ord, count, 0.5])),
          })),
        )
        .execute();
    }
    return agent;
  };

  it('reads every passage of the agent in document order, a page at a time, letting other work run between pages', async () => {
    const upload = new Date('2026-11-30T10:00:00Z');
    // One upload stores its documents at one instant: they are ordered by name. A document of more passages than a
    // page is read over several.
    const agent = await seed(
      '+15550101',
      [
        ['c.md', 40],
        ['a.md', LOAD_BATCH + 30],
        ['b.md', 3],
      ],
      upload,
    );
    const later = await db
      .insertInto('documents')
      .values({
        agent_id: agent.agentId,
        user_id: agent.userId,
        name: '0-added-later.md',
        blob_key: 'documents/later',
        kind: 'md',
        size_bytes: 10,
        created_at: new Date(upload.getTime() + 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('passages')
      .values({
        agent_id: agent.agentId,
        document_id: later.id,
        user_id: agent.userId,
        ord: 0,
        heading: null,
        page: null,
        text: 'Added later.',
      })
      .execute();
    await seed('+15550102', [['other.md', 5]], upload); // another agent's: never read

    // Other calls' work: how many times it ran while the passages were read.
    let turns = 0;
    let loading = true;
    const otherWork = () => {
      turns++;
      if (loading) setImmediate(otherWork);
    };
    setImmediate(otherWork);
    const loaded = await loadAgentPassages(db, agent);
    loading = false;

    const expected = [
      ...Array.from({ length: LOAD_BATCH + 30 }, (_, i) => `a.md section ${i}`),
      ...Array.from({ length: 3 }, (_, i) => `b.md section ${i}`),
      ...Array.from({ length: 40 }, (_, i) => `c.md section ${i}`),
      null,
    ];
    expect(loaded.map((p) => p.passage.heading)).toEqual(expected);
    expect(loaded.at(-1)).toMatchObject({
      passage: { documentName: '0-added-later.md', text: 'Added later.' },
      vector: null,
    });
    expect(loaded[4]).toMatchObject({
      passage: { documentName: 'a.md', text: 'Passage 4 of a.md.', headingLevel: 2 },
    });
    expect(loaded[0]!.passage.headingLevel).toBe(1);
    expect([...loaded[4]!.vector!]).toEqual([4, LOAD_BATCH + 30, 0.5]);
    expect(loaded[3]!.vector).toBeNull();
    // The passages take two pages, and other work ran between them. Read in one query from the embedded database,
    // it never ran: 12,000 passages held the server's thread 1.6-2.2 s.
    expect(turns).toBeGreaterThan(0);
  });
});
