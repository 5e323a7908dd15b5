/**
 * The real app for the benchmarks that call it as Twilio does: embedded PGlite, local providers (the shipped
 * sentence encoder), listening on a free port; businesses on Pro with an active agent and a number; and a caller on
 * the ConversationRelay socket. Shared by `npm run bench:calls` (load) and `npm run bench:live` (the live call
 * against the turn engine the quality benches drive).
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import WebSocket from 'ws';
import { buildApp } from '#server/app.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrator.ts';
import { parseEnv } from '#server/env.ts';
import { systemClock } from '#server/lib/clock.ts';
import { createLocalProviders } from '#server/providers/index.ts';
import { grantPlanPeriod } from '#server/entitlements/minutes.ts';
import type { AgentRef } from '#server/accounts/agent-scope.ts';

export const TRANSFER_TO = '+15557654321';

/** `more`: further environment variables (PASSWORD_HASH_COST, say). */
export async function startLiveApp(dataDir: string, more: Record<string, string> = {}) {
  const env = parseEnv({
    NODE_ENV: 'test',
    PUBLIC_BASE_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    ...more,
  });
  const db = await createDatabase({});
  await migrateToLatest(db);
  const log = pino({ level: 'silent' });
  const providers = createLocalProviders({ env, db, clock: systemClock, log });
  const app = await buildApp({ env, db, clock: systemClock, providers });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return {
    db,
    providers,
    port,
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
}

/** An owner on Pro (650 minutes) whose active agent answers `number` and transfers to TRANSFER_TO. */
export async function addBusiness(
  db: Db,
  options: { key: string; companyName: string; number: string },
): Promise<AgentRef> {
  const { key, companyName, number } = options;
  const now = new Date();
  const periodEnd = new Date(now.getTime() + 30 * 86_400_000);
  const user = await db
    .insertInto('users')
    .values({ email: `owner-${key}@bench.test`, name: `Owner ${key}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sub = await db
    .insertInto('subscriptions')
    .values({
      user_id: user.id,
      plan: 'pro',
      status: 'active',
      base_amount_cents: 29900,
      amount_cents: 29900,
      provider: 'local',
      current_period_start: now,
      current_period_end: periodEnd,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await grantPlanPeriod(db, {
    userId: user.id,
    subscriptionId: sub.id,
    minutes: 650,
    periodStart: now,
    periodEnd,
    now,
  });
  const agent = await db
    .insertInto('agent_configs')
    .values({
      user_id: user.id,
      company_name: companyName,
      contact_email: `owner-${key}@bench.test`,
      twilio_phone_number: number,
      transfer_phone_number: TRANSFER_TO,
      voice_id: 'en-us+f3',
      status: 'active',
      config_data: JSON.stringify({}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId: user.id, agentId: agent.id };
}

export interface Heard {
  text: string;
  /** The handoff data when the agent ended the call after this reply (transfer or hang-up), else null. */
  end: string | null;
}

/** A caller on the ConversationRelay socket: `send` a message, `heard` the agent's next reply. */
export async function dialIn(port: number) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/twilio/conversation-relay`);
  await once(ws, 'open');
  const inbox: { type: string; token?: string; last?: boolean; handoffData?: string }[] = [];
  let wake: (() => void) | null = null;
  ws.on('message', (data: Buffer) => {
    inbox.push(JSON.parse(String(data)));
    wake?.();
  });
  const heard = async (timeoutMs = 15_000): Promise<Heard> => {
    let text = '';
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const m = inbox.shift();
      if (!m) {
        if (Date.now() > deadline) throw new Error('timeout');
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 100);
        });
        continue;
      }
      if (m.type === 'end') return { text, end: m.handoffData ?? '' };
      text += m.token ?? '';
      if (m.last) {
        await new Promise((r) => setTimeout(r, 5));
        if (inbox[0]?.type === 'end') return { text, end: inbox.shift()!.handoffData ?? '' };
        return { text, end: null };
      }
    }
  };
  return {
    send: (message: object) => ws.send(JSON.stringify(message)),
    heard,
    /** Sends `message` and waits for the reply. */
    ask: (message: object) => {
      ws.send(JSON.stringify(message));
      return heard();
    },
    hangUp: () => ws.close(),
  };
}
