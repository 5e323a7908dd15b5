import { describe, expect, it } from 'vitest';
import { databaseTargets, useTestApp } from '../../test/harness.ts';
import { dial, eventually, seedActiveAgent } from './calls-test-helpers.ts';

describe.each(databaseTargets())('caller text that cannot be stored as is (%s)', (target) => {
  const ctx = useTestApp(target);

  it('answers a turn with a NUL or a lone surrogate in it and stores the call without them', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    const relay = await dial(ctx().app, owner.number);
    await relay.reply();

    relay.partial('What are your\u0000 opening');
    relay.prompt('What are your\u0000 opening hours?\ud800');
    expect((await relay.reply()).text).toMatch(/Monday to Friday/);
    ctx().clock.advance(20_000);
    relay.send({
      type: 'interrupt',
      utteranceUntilInterrupt: 'We are open\udc00',
      durationUntilInterruptMs: 900,
    });
    relay.prompt('\ud83d\ude00 Which payment methods do you accept?');
    expect((await relay.reply()).text).toMatch(/credit cards/);
    relay.close();

    const call = await eventually(async () => {
      const { calls } = (await owner.client.get('/api/calls/history')).json() as {
        calls: { outcome: string | null; transcript: { speaker: string; text: string }[] }[];
      };
      return calls.find((c) => c.outcome !== null);
    });
    const said = call.transcript.filter((t) => t.speaker === 'caller').map((t) => t.text);
    // Emoji (a paired surrogate) are kept; only what cannot be stored is dropped.
    expect(said).toEqual([
      'What are your opening hours?',
      '\ud83d\ude00 Which payment methods do you accept?',
    ]);
  });
});
