import { describe, expect, it } from 'vitest';
import type { SentenceEncoder } from '../../agent/retrieval/meaning.ts';
import { buildApp } from '../../app.ts';
import { databaseTargets, signUp, useTestApp } from '../../test/harness.ts';
import { dial, eventually, seedActiveAgent, type SeededAgent } from '../calls/calls-test-helpers.ts';
import { createNotifications } from '../notifications/notifications.service.ts';
import { sendGapDigests } from './gaps-digest.ts';

/**
 * A stand-in for the sentence encoder: one axis per topic, so "gift vouchers" and "a present for my sister" land
 * together the way the real model places paraphrases (its quality is measured by the benchmarks, not here).
 */
const TOPICS = [
  ['gift', 'voucher', 'vouchers', 'present'],
  ['dog', 'dogs', 'pet', 'pets'],
  ['park', 'parking', 'car'],
  ['open', 'hours'],
];
const encoder: SentenceEncoder = {
  kind: 'stand-in',
  async embed(texts) {
    return texts.map((text) => {
      const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
      return Float32Array.from(TOPICS, (topic) => 0.05 + words.filter((w) => topic.includes(w)).length);
    });
  },
};

interface GroupDto {
  question: string;
  gap_ids: string[];
  call_count: number;
  last_asked_at: string;
  asks: { gap_id: string; question: string; call_id: string | null; kind: string }[];
}

describe.each(databaseTargets())('knowledge gaps (%s)', (target) => {
  const ctx = useTestApp(target, { providers: () => ({ encoder }) });

  /** A call asking `questions` one after the other, hung up after the last reply; the replies. */
  const callWith = async (number: string, questions: string[], app = ctx().app) => {
    const relay = await dial(app, number);
    await relay.reply();
    const replies: { text: string; end: Record<string, unknown> | null }[] = [];
    for (const question of questions) {
      relay.prompt(question);
      replies.push(await relay.reply());
    }
    relay.close();
    // The call is finished (and billed) before the test moves the clock: a call still open holds its minutes.
    await eventually(async () => {
      const open = await ctx().db.selectFrom('calls').select('id').where('ended_at', 'is', null).execute();
      return open.length === 0 ? true : null;
    });
    return replies;
  };

  const groupsOf = async (owner: SeededAgent) => {
    const response = await owner.client.get('/api/knowledge-gaps');
    expect(response.statusCode).toBe(200);
    return (response.json() as { groups: GroupDto[] }).groups;
  };

  /** The owner's groups once `n` questions are kept (each call's gaps are written as it goes). */
  const groupsWhen = (owner: SeededAgent, n: number) =>
    eventually(async () => {
      const groups = await groupsOf(owner);
      return groups.reduce((sum, g) => sum + g.asks.length, 0) >= n ? groups : null;
    });

  const seedGaps = async (owner: SeededAgent) => {
    // A minute apart, so that "most recently asked" means something.
    await callWith(owner.number, ['do you sell gift vouchers']);
    ctx().clock.advance(60_000);
    await callWith(owner.number, ['could I buy a gift voucher as a present for my sister']);
    ctx().clock.advance(60_000);
    await callWith(owner.number, ['can I bring my dog to the showroom']);
    return groupsWhen(owner, 3);
  };

  it('keeps each declined question with its call and groups those that mean the same thing', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    const groups = await seedGaps(owner);
    expect(groups).toHaveLength(2);
    const gifts = groups.find((g) => g.asks.length === 2)!;
    expect(gifts.call_count).toBe(2);
    expect(gifts.asks.map((a) => a.question).sort()).toEqual([
      'could I buy a gift voucher as a present for my sister',
      'do you sell gift vouchers',
    ]);
    expect(gifts.asks.every((a) => a.kind === 'declined' && a.call_id !== null)).toBe(true);
    const dogs = groups.find((g) => g.asks.length === 1)!;
    expect(dogs.question).toBe('can I bring my dog to the showroom');
    // Most recently asked first.
    expect(groups[0]).toEqual(dogs);

    // Each question links to its call's transcript.
    const call = await owner.client.get(`/api/calls/${gifts.asks[0]!.call_id}`);
    expect(call.statusCode).toBe(200);
    expect(JSON.stringify(call.json().transcript)).toContain(gifts.asks[0]!.question);

    const count = await owner.client.get('/api/knowledge-gaps/count');
    expect(count.json()).toEqual({ groups: 2, questions: 3 });
  });

  it('saves the answer as an entry of "Answers you added" that the next call, and a replay, answer from', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    const gifts = (await seedGaps(owner)).find((g) => g.asks.length === 2)!;

    const response = await owner.client.post('/api/knowledge-gaps/answer', {
      gap_ids: gifts.gap_ids,
      question: 'Do you sell gift vouchers?',
      answer:
        'Yes, you can buy gift vouchers of 25, 50 or 100 dollars at the front desk. They make a good present.',
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json() as {
      resolved: number;
      replay: { question: string; outcome: string; reply: string; document: string | null }[];
    };
    expect(saved.resolved).toBe(2);
    // The original questions, asked again through the turn engine, are now answered from the new entry.
    expect(saved.replay).toHaveLength(2);
    for (const result of saved.replay) {
      expect(result).toMatchObject({ outcome: 'answered', document: 'Answers you added' });
      expect(result.reply).toMatch(/gift vouchers of 25, 50 or 100 dollars/);
    }

    // The group is answered: only the dog question is left.
    const left = await groupsOf(owner);
    expect(left.map((g) => g.question)).toEqual(['can I bring my dog to the showroom']);

    // A document of the knowledge base, with the entry, like any other.
    const documents = (await owner.client.get('/api/agent/knowledge-base')).json() as {
      documents: { name: string; kind: string }[];
    };
    expect(documents.documents.map((d) => d.name)).toContain('Answers you added');
    const entries = (await owner.client.get('/api/agent/knowledge-base/answers')).json() as {
      answers: { id: string; question: string }[];
    };
    expect(entries.answers.map((a) => a.question)).toEqual(['Do you sell gift vouchers?']);

    // The next call answers from it, with the entry as its source.
    const [reply] = await callWith(owner.number, ['do you sell gift vouchers']);
    expect(reply!.text).toMatch(/gift vouchers of 25, 50 or 100 dollars/);
    // (Every call of the test starts at the same clock time: the answered one is found by its sources.)
    const sources = await eventually(async () => {
      const calls = (await (await owner.client.get('/api/calls/history')).json()) as {
        calls: { transcript: { speaker: string; sources?: { document: string }[] }[] }[];
      };
      return calls.calls.flatMap((c) => c.transcript).find((e) => (e.sources?.length ?? 0) > 0)?.sources;
    });
    expect(sources[0]!.document).toBe('Answers you added');
    // Answered: the call kept no new gap.
    expect((await owner.client.get('/api/knowledge-gaps/count')).json()).toEqual({ groups: 1, questions: 1 });
  });

  it('lets the owner edit and delete an added answer like any entry', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'basic' });
    const added = await owner.client.post('/api/agent/knowledge-base/answers', {
      question: 'Can I bring my dog?',
      answer: 'Dogs on a leash are welcome in the showroom.',
    });
    expect(added.statusCode).toBe(200);
    const id = (added.json() as { answer: { id: string } }).answer.id;
    expect((await callWith(owner.number, ['can I bring my dog']))[0]!.text).toMatch(/on a leash are welcome/);

    const edited = await owner.client.request({
      method: 'PUT',
      url: `/api/agent/knowledge-base/answers/${id}`,
      payload: {
        question: 'Can I bring my dog?',
        answer: 'Sorry, only guide dogs are allowed in the showroom.',
      },
    });
    expect(edited.statusCode).toBe(200);
    expect((await callWith(owner.number, ['can I bring my dog']))[0]!.text).toMatch(
      /only guide dogs are allowed/,
    );

    const deleted = await owner.client.delete(`/api/agent/knowledge-base/answers/${id}`);
    expect(deleted.statusCode).toBe(200);
    const documents = (await owner.client.get('/api/agent/knowledge-base')).json() as {
      documents: { name: string }[];
    };
    expect(documents.documents.map((d) => d.name)).toEqual(['faq.txt']);
    expect((await callWith(owner.number, ['can I bring my dog']))[0]!.text).toMatch(
      /don't have that information/,
    );
  });

  it("refuses an empty answer, one over 2,000 characters, and another account's questions, losing nothing", async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    const groups = await seedGaps(owner);
    const ids = groups.flatMap((g) => g.gap_ids);
    const answer = (text: string, gapIds = ids, client = owner.client) =>
      client.post('/api/knowledge-gaps/answer', {
        gap_ids: gapIds,
        question: 'Do you sell gift vouchers?',
        answer: text,
      });

    const empty = await answer('   ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toBe('Please write an answer before saving.');

    const long = await answer('x'.repeat(2001));
    expect(long.statusCode).toBe(422);
    expect(long.json().detail).toBe(
      'The answer is 2,001 characters long; the limit is 2,000. Please shorten it.',
    );

    const other = await signUp(ctx().app);
    const foreign = await answer('Yes.', ids, other.client);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toMatch(/not in your list/);
    const foreignDismiss = await other.client.post('/api/knowledge-gaps/dismiss', { gap_ids: ids });
    expect(foreignDismiss.statusCode).toBe(404);
    // Nor their calls' transcripts.
    const callId = groups[0]!.asks[0]!.call_id!;
    expect((await other.client.get(`/api/calls/${callId}`)).statusCode).toBe(404);
    expect((await owner.client.get('/api/calls/not-a-call')).statusCode).toBe(404);
    // Another account does not see them either.
    expect(((await other.client.get('/api/knowledge-gaps')).json() as { groups: unknown[] }).groups).toEqual(
      [],
    );

    // Nothing was lost or saved.
    expect(await groupsOf(owner)).toEqual(groups);
    expect(
      ((await owner.client.get('/api/agent/knowledge-base/answers')).json() as { answers: unknown[] })
        .answers,
    ).toEqual([]);

    // Exactly 2,000 characters is fine.
    expect((await answer('y'.repeat(2000), groups[0]!.gap_ids)).statusCode).toBe(200);
  });

  it('dismisses a group, once', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    const groups = await seedGaps(owner);
    const dogs = groups.find((g) => g.asks.length === 1)!;
    const dismissed = await owner.client.post('/api/knowledge-gaps/dismiss', { gap_ids: dogs.gap_ids });
    expect(dismissed.statusCode).toBe(200);
    expect((await groupsOf(owner)).map((g) => g.asks.length)).toEqual([2]);
    const again = await owner.client.post('/api/knowledge-gaps/dismiss', { gap_ids: dogs.gap_ids });
    expect(again.statusCode).toBe(409);
    const empty = await owner.client.post('/api/knowledge-gaps/dismiss', { gap_ids: [] });
    expect(empty.statusCode).toBe(422);
  });

  it('an answer given on one instance is used by the calls of another', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    const other = await buildApp({
      env: ctx().env,
      db: ctx().db,
      clock: ctx().clock,
      providers: ctx().deps.providers,
    });
    try {
      // The second instance has the agent's knowledge cached from a call before the answer.
      expect((await callWith(owner.number, ['do you sell gift vouchers'], other))[0]!.text).toMatch(
        /don't have that information/,
      );
      const [gifts] = await groupsWhen(owner, 1);
      const saved = await owner.client.post('/api/knowledge-gaps/answer', {
        gap_ids: gifts!.gap_ids,
        question: 'Do you sell gift vouchers?',
        answer: 'Yes, gift vouchers are sold at the front desk.',
      });
      expect(saved.statusCode).toBe(200);
      expect((await callWith(owner.number, ['do you sell gift vouchers'], other))[0]!.text).toMatch(
        /gift vouchers are sold at the front desk/,
      );
    } finally {
      await other.close();
    }
  });

  it('emails Pro and Enterprise owners their new gaps once a week, and not Basic ones', async () => {
    const pro = await seedActiveAgent(ctx(), { plan: 'pro' });
    const basic = await seedActiveAgent(ctx(), { plan: 'basic' });
    await seedGaps(pro);
    await callWith(basic.number, ['do you sell gift vouchers']);
    await groupsWhen(basic, 1);
    const notifications = createNotifications(ctx().deps);
    const hooks = {
      sendEmail: (email: Parameters<typeof notifications.sender.enqueue>[0]) =>
        notifications.sender.enqueue(email),
    };

    expect(await sendGapDigests(ctx().deps, hooks)).toBe(1);
    const emails = await ctx().db.selectFrom('emails').selectAll().execute();
    expect(emails).toHaveLength(1);
    expect(emails[0]!.to_address).toBe(`alerts-${pro.userId.slice(0, 8)}@acme.test`);
    expect(emails[0]!.subject).toBe("2 questions your agent couldn't answer this week");
    expect(emails[0]!.text_body).toMatch(/gift voucher/);
    expect(emails[0]!.text_body).toContain('(2 callers, last');
    expect(emails[0]!.text_body).toContain('/knowledge-gaps');

    // Nothing new, or not a week yet: no email.
    expect(await sendGapDigests(ctx().deps, hooks)).toBe(0);
    await callWith(pro.number, ['do you sell garden furniture']);
    await groupsWhen(pro, 4);
    ctx().clock.advance(3 * 24 * 3600 * 1000);
    expect(await sendGapDigests(ctx().deps, hooks)).toBe(0);
    // A week after the last one: the new gap only.
    ctx().clock.advance(4 * 24 * 3600 * 1000);
    expect(await sendGapDigests(ctx().deps, hooks)).toBe(1);
    const latest = await ctx()
      .db.selectFrom('emails')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(latest.subject).toBe("1 question your agent couldn't answer this week");
    expect(latest.text_body).toContain('do you sell garden furniture');
    expect(latest.text_body).not.toContain('gift');
  });
});
