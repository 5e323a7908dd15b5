import { describe, expect, it } from 'vitest';
import { databaseTargets, signUp, useTestApp, type TestClient } from '../../test/harness.ts';
import { appendTurn, insertCall, type CallOutcome, type TranscriptEntry } from './calls.repository.ts';
import type { Db } from '../../db/database.ts';

const faq = [{ document: 'faq.txt', heading: 'Parking', page: null }];

interface HistoryBody {
  calls: {
    id: string;
    phone_number: string;
    outcome: string | null;
    questions_answered: number;
    reply_time_ms: { median: number; slowest: number } | null;
  }[];
  next_before: string | null;
  total: number;
}

async function history(client: TestClient, query = ''): Promise<HistoryBody> {
  const response = await client.get(`/api/calls/history${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A finished call with its transcript and one reply time per agent turn, `minutesAgo` before now. */
async function seedCall(
  db: Db,
  userId: string,
  input: {
    caller: string;
    outcome: CallOutcome;
    minutesAgo: number;
    turns: { caller: string; agent: string; answered?: boolean; latencyMs?: number }[];
  },
): Promise<string> {
  const startedAt = new Date(Date.now() - input.minutesAgo * 60_000);
  const { id } = await insertCall(db, {
    userId,
    // These owners have no agent configured: their calls belong to none (ADR 044).
    agentId: null,
    provider: 'local',
    providerCallId: null,
    phoneNumber: input.caller,
    toNumber: '+15550100100',
    startedAt,
    endedAt: new Date(startedAt.getTime() + 30_000),
    durationS: 30,
    outcome: input.outcome,
    summary: 'seeded',
  });
  let at = 0;
  for (const turn of input.turns) {
    const entries: TranscriptEntry[] = [
      { speaker: 'caller', text: turn.caller, at_s: at++ },
      { speaker: 'agent', text: turn.agent, at_s: at++, ...(turn.answered ? { sources: faq } : {}) },
    ];
    await appendTurn(db, id, entries, turn.latencyMs ?? null);
  }
  return id;
}

describe.each(databaseTargets())('calls at a glance: filters and search (%s)', (target) => {
  const ctx = useTestApp(target);

  it('counts the questions answered from the documents and gives the median and slowest reply time', async () => {
    const { client, user } = await signUp(ctx().app);
    await seedCall(ctx().db, user.id, {
      caller: '+15550100142',
      outcome: 'answered',
      minutesAgo: 1,
      turns: [
        { caller: 'hello', agent: 'Hi, how can I help?', latencyMs: 40 },
        { caller: 'where do I park', agent: 'Behind the building.', answered: true, latencyMs: 120.4 },
        { caller: 'and on sundays', agent: 'Behind the building too.', answered: true, latencyMs: 95 },
        { caller: 'ok', agent: 'Anything else?', latencyMs: 900.6 },
      ],
    });
    const [call] = (await history(client)).calls;
    expect(call!.questions_answered).toBe(2);
    expect(call!.reply_time_ms).toEqual({ median: 108, slowest: 901 });
  });

  it('a call without timed turns (an imported one) has no reply time', async () => {
    const { client, user } = await signUp(ctx().app);
    await seedCall(ctx().db, user.id, {
      caller: '+15550100142',
      outcome: 'abandoned',
      minutesAgo: 1,
      turns: [{ caller: 'hello', agent: 'Hi.' }],
    });
    const [call] = (await history(client)).calls;
    expect(call!.reply_time_ms).toBeNull();
    expect(call!.questions_answered).toBe(0);
  });

  it('filters by outcome, searches transcripts (any case, quotes and wildcards taken literally), pages the result', async () => {
    const { client, user } = await signUp(ctx().app);
    const other = await signUp(ctx().app);
    const db = ctx().db;
    // Another account's call says "parking" too: never listed.
    await seedCall(db, other.user.id, {
      caller: '+15550100199',
      outcome: 'answered',
      minutesAgo: 1,
      turns: [{ caller: 'Parking?', agent: 'Yes.', answered: true }],
    });
    const parking1 = await seedCall(db, user.id, {
      caller: '+15550100101',
      outcome: 'answered',
      minutesAgo: 10,
      turns: [{ caller: 'Is there PARKING near you?', agent: 'Behind the building.', answered: true }],
    });
    const parking2 = await seedCall(db, user.id, {
      caller: '+15550100102',
      outcome: 'escalated_requested',
      minutesAgo: 9,
      turns: [{ caller: 'parking, and then a person please', agent: 'Transferring.' }],
    });
    const parking3 = await seedCall(db, user.id, {
      caller: '+15550100103',
      outcome: 'answered',
      minutesAgo: 8,
      turns: [{ caller: 'where is the parking lot', agent: 'On Elm Street.', answered: true }],
    });
    const gift = await seedCall(db, user.id, {
      caller: '+14155552671',
      outcome: 'escalated_no_answer',
      minutesAgo: 7,
      turns: [
        {
          caller: 'Do you sell "gift cards" at 100%_off?',
          agent: "I'm sorry, I don't have that information.",
        },
      ],
    });
    const missed = await seedCall(db, user.id, {
      caller: '+15550100105',
      outcome: 'rejected_no_minutes',
      minutesAgo: 6,
      turns: [],
    });

    const all = await history(client);
    expect(all.total).toBe(5);
    expect(all.calls.map((c) => c.id)).toEqual([missed, gift, parking3, parking2, parking1]);

    expect((await history(client, '?outcome=answered')).calls.map((c) => c.id)).toEqual([parking3, parking1]);
    const escalated = await history(client, '?outcome=escalated');
    expect(escalated.calls.map((c) => c.id)).toEqual([gift, parking2]);
    expect(escalated.total).toBe(2);
    expect((await history(client, '?outcome=rejected_no_minutes')).calls.map((c) => c.id)).toEqual([missed]);

    // Words of the transcript, any case, the agent's lines too.
    const parking = await history(client, '?q=Parking');
    expect(parking.total).toBe(3);
    expect(parking.calls.map((c) => c.id)).toEqual([parking3, parking2, parking1]);
    expect((await history(client, '?q=elm%20street')).calls.map((c) => c.id)).toEqual([parking3]);
    // Search and outcome together.
    expect((await history(client, '?q=parking&outcome=answered')).calls.map((c) => c.id)).toEqual([
      parking3,
      parking1,
    ]);
    // Quotes, % and _ are the caller's characters, not patterns.
    expect(
      (await history(client, `?q=${encodeURIComponent('"gift cards" at 100%_off')}`)).calls,
    ).toHaveLength(1);
    expect((await history(client, `?q=${encodeURIComponent('%')}`)).calls.map((c) => c.id)).toEqual([gift]);
    expect((await history(client, `?q=${encodeURIComponent('_')}`)).calls.map((c) => c.id)).toEqual([gift]);
    // Digits also find the caller's number, whatever its formatting.
    expect((await history(client, `?q=${encodeURIComponent('(415) 555')}`)).calls.map((c) => c.id)).toEqual([
      gift,
    ]);
    expect((await history(client, '?q=helicopter')).calls).toEqual([]);

    // Pages of a search: the cursor continues the same filtered list.
    const first = await history(client, '?q=parking&limit=2');
    expect(first.calls.map((c) => c.id)).toEqual([parking3, parking2]);
    expect(first.total).toBe(3);
    const second = await history(client, `?q=parking&limit=2&before=${first.next_before}`);
    expect(second.calls.map((c) => c.id)).toEqual([parking1]);
    expect(second.next_before).toBeNull();
  });

  it('refuses an unknown outcome', async () => {
    const { client } = await signUp(ctx().app);
    const response = await client.get('/api/calls/history?outcome=happy');
    expect(response.statusCode).toBe(422);
  });
});
