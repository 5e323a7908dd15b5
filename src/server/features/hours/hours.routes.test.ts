import { describe, expect, it } from 'vitest';
import { databaseTargets, signUp, useTestApp } from '../../test/harness.ts';
import { seedActiveAgent } from '../calls/calls-test-helpers.ts';
import { defaultOpeningHours } from '../../../shared/opening-hours.ts';

/** Issue 24 section 2: the owner edits the agent's opening hours (ADR 042). */
describe.each(databaseTargets())('opening hours API (%s)', (target) => {
  const ctx = useTestApp(target);

  it('needs a configured agent', async () => {
    const { client } = await signUp(ctx().app);
    const response = await client.get('/api/agent/hours');
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('Configure your agent first: opening hours belong to an agent.');
  });

  it('is always open until hours are saved, refuses bad hours with clear messages, and saves good ones', async () => {
    const owner = await seedActiveAgent(ctx());
    const before = await owner.client.get('/api/agent/hours');
    expect(before.json()).toEqual({
      hours: null,
      open_now: true,
      status: 'Always open: no opening hours set.',
    });

    const bad = await owner.client.post('/api/agent/hours', {
      ...defaultOpeningHours('Europe/Atlantis'),
      weekly: { ...defaultOpeningHours('UTC').weekly, tue: [{ open: '17:00', close: '09:00' }] },
      closed_dates: [{ date: '2026-02-30', label: 'Nope' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe(
      '"Europe/Atlantis" is not a time zone. Tuesday: closing time 09:00 must be after opening time 17:00 (use 00:00 for midnight). Closed date: "2026-02-30" is not a date (YYYY-MM-DD).',
    );
    expect((await owner.client.get('/api/agent/hours')).json().hours).toBeNull();

    const versionBefore = await knowledgeVersion(owner.userId);
    const hours = {
      ...defaultOpeningHours('America/New_York'),
      closed_dates: [{ date: '2026-11-26', label: ' Thanksgiving ' }],
    };
    const saved = await owner.client.post('/api/agent/hours', hours);
    expect(saved.statusCode).toBe(200);
    // Sunday 22 November 2026, 7 AM in New York.
    expect(saved.json()).toMatchObject({ open_now: false, status: 'Closed now. Opens tomorrow at 9 AM.' });
    expect((await owner.client.get('/api/agent/hours')).json().hours.closed_dates).toEqual([
      { date: '2026-11-26', label: 'Thanksgiving' },
    ]);
    // The hours are knowledge: calls pick up the change like a document change.
    expect(await knowledgeVersion(owner.userId)).toBe(versionBefore + 1);

    const removed = await owner.client.delete('/api/agent/hours');
    expect(removed.json().message).toBe('Opening hours removed: your agent is always open.');
    expect((await owner.client.get('/api/agent/hours')).json().open_now).toBe(true);
  });

  async function knowledgeVersion(userId: string): Promise<number> {
    const row = await ctx()
      .db.selectFrom('agent_configs')
      .select('knowledge_version')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.knowledge_version;
  }
});
