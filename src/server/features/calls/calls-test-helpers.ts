/** Test seeding for the call runtime: a subscribed owner with an activated agent and documents (DB level). */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { splitIntoPassages } from '../../agent/passages.ts';
import type { Db } from '../../db/database.ts';
import type { TestContext } from '../../test/harness.ts';
import { signUp } from '../../test/harness.ts';
import { seedAgentConfig, seedSubscription } from '../../test/seed.ts';
import type { PlanId } from '../../../shared/plans.ts';

export const FAQ = `# Opening hours
We are open Monday to Friday from 8 a.m. to 6 p.m., and on Saturday from 9 a.m. to 1 p.m. We are closed on Sundays.

# Parking
Free parking is available behind the building, entrance on Elm Street.

# Payment methods
We accept cash, all major credit cards and Apple Pay. We do not accept checks.

# Boiler repair
A boiler repair visit costs 95 dollars for the first hour, parts are extra. We repair all major boiler brands.`;

export interface SeededAgent {
  userId: string;
  email: string;
  number: string;
  client: Awaited<ReturnType<typeof signUp>>['client'];
}

let numberCounter = 0;

export async function seedDocument(db: Db, userId: string, name: string, text: string): Promise<void> {
  const doc = await db
    .insertInto('documents')
    .values({ user_id: userId, name, blob_key: `test/${name}`, kind: 'txt', size_bytes: text.length })
    .returning('id')
    .executeTakeFirstOrThrow();
  const drafts = splitIntoPassages([{ page: null, text }]);
  await db
    .insertInto('passages')
    .values(
      drafts.map((d) => ({
        document_id: doc.id,
        user_id: userId,
        ord: d.ord,
        heading: d.heading,
        heading_level: d.headingLevel,
        page: d.page,
        text: d.text,
      })),
    )
    .execute();
}

/** A document added while the agent takes calls: stored, and the agent's knowledge version moved on. */
export async function addDocumentToLiveAgent(
  db: Db,
  userId: string,
  name: string,
  text: string,
): Promise<void> {
  await seedDocument(db, userId, name, text);
  await db
    .updateTable('agent_configs')
    .set((eb) => ({ knowledge_version: eb('knowledge_version', '+', 1) }))
    .where('user_id', '=', userId)
    .execute();
}

/** A signed-up owner on `plan` with an active agent on a fresh local number and the FAQ document. */
export async function seedActiveAgent(
  ctx: TestContext,
  options: { plan?: PlanId; transfer?: string | null; minutes?: number; app?: FastifyInstance } = {},
): Promise<SeededAgent> {
  const { client, user } = await signUp(options.app ?? ctx.app);
  const now = ctx.clock.now();
  numberCounter += 1;
  const number = `+1555${String(9000000 + ((process.pid * 100 + numberCounter) % 999999)).padStart(7, '0')}`;
  await seedAgentConfig(ctx.db, {
    user_id: user.id,
    contact_email: `alerts-${user.id.slice(0, 8)}@acme.test`,
    twilio_phone_number: number,
    transfer_phone_number: options.transfer === undefined ? '+15557654321' : options.transfer,
    voice_id: 'en-us+f3',
    status: 'active',
  });
  await seedSubscription(ctx.db, user.id, { now, plan: options.plan ?? 'pro', minutes: options.minutes });
  await seedDocument(ctx.db, user.id, 'faq.txt', FAQ);
  return { userId: user.id, email: user.email, number, client };
}

interface RelayMessage {
  type: string;
  token?: string;
  last?: boolean;
  handoffData?: string;
}

/** Drives a ConversationRelay WebSocket like Twilio: send messages, read whole replies. */
export class RelayDriver {
  private messages: RelayMessage[] = [];
  private waiters: (() => void)[] = [];
  closed = false;

  constructor(
    readonly ws: {
      send(data: string): void;
      close(): void;
      on(e: string, l: (...args: unknown[]) => void): void;
    },
  ) {
    ws.on('message', (data: unknown) => {
      this.messages.push(JSON.parse(String(data)) as RelayMessage);
      this.waiters.splice(0).forEach((w) => w());
    });
    ws.on('close', () => {
      this.closed = true;
      this.waiters.splice(0).forEach((w) => w());
    });
  }

  send(message: Record<string, unknown>): void {
    this.ws.send(JSON.stringify(message));
  }

  setup(
    to: string,
    from = '+15551230000',
    callSid = `CA${Math.random().toString(16).slice(2).padEnd(32, '0')}`,
  ): void {
    this.send({
      type: 'setup',
      sessionId: `VX${callSid.slice(2)}`,
      callSid,
      from,
      to,
      direction: 'inbound',
      customParameters: {},
    });
  }

  prompt(text: string): void {
    this.send({ type: 'prompt', voicePrompt: text, lang: 'en-US', last: true });
  }

  /** A partial prompt: the caller's words so far, while they are still speaking. */
  partial(text: string): void {
    this.send({ type: 'prompt', voicePrompt: text, lang: 'en-US', last: false });
  }

  /** The next whole reply: its text and, when the call ends with it, the parsed handoffData. */
  async reply(timeoutMs = 10_000): Promise<{ text: string; end: Record<string, unknown> | null }> {
    const deadline = Date.now() + timeoutMs;
    let text = '';
    for (;;) {
      const message = this.messages.shift();
      if (!message) {
        if (this.closed) throw new Error(`socket closed; reply so far: ${text}`);
        if (Date.now() > deadline) throw new Error(`no reply in time; so far: ${text}`);
        await new Promise<void>((resolve) => {
          this.waiters.push(resolve);
          setTimeout(resolve, 50);
        });
        continue;
      }
      if (message.type === 'text') {
        text += message.token ?? '';
        if (message.last) {
          const next = await this.peekEnd();
          return { text: text.trim(), end: next };
        }
      } else if (message.type === 'end') {
        return { text: text.trim(), end: JSON.parse(message.handoffData ?? '{}') as Record<string, unknown> };
      }
    }
  }

  /** An `end` sent right after a reply belongs to it. */
  private async peekEnd(): Promise<Record<string, unknown> | null> {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const next = this.messages[0];
    if (next?.type === 'end') {
      this.messages.shift();
      return JSON.parse(next.handoffData ?? '{}') as Record<string, unknown>;
    }
    return null;
  }

  close(): void {
    this.ws.close();
  }
}

/** Polls until `fn` returns a truthy value. */
export async function eventually<T>(
  fn: () => Promise<T | undefined | null | false>,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Makes the minute ledger refuse every write, as a database failure would, until `restore`. `attempts` counts the
 * refused writes: a sequence, which a rolled-back transaction does not undo.
 */
export async function refuseLedgerWrites(db: Db): Promise<{
  attempts(): Promise<number>;
  restore(): Promise<void>;
}> {
  await sql`create sequence if not exists ledger_attempts`.execute(db);
  await sql`create or replace function refuse_ledger() returns trigger language plpgsql as $$
    begin perform nextval('ledger_attempts'); raise exception 'ledger unavailable'; end $$`.execute(db);
  await sql`create trigger refuse_ledger before insert on minute_ledger
    for each row execute function refuse_ledger()`.execute(db);
  return {
    async attempts() {
      const { rows } = await sql<{ n: string }>`select case when is_called then last_value else 0 end as n
        from ledger_attempts`.execute(db);
      return Number(rows[0]!.n);
    },
    async restore() {
      await sql`drop trigger refuse_ledger on minute_ledger`.execute(db);
    },
  };
}

/** Opens the relay WebSocket over a real socket (the app listens on a free port), like Twilio or the softphone. */
export async function openRelay(
  app: FastifyInstance,
  headers: Record<string, string> = {},
): Promise<RelayDriver> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/twilio/conversation-relay`, { headers });
  await Promise.race([
    once(ws, 'open'),
    once(ws, 'unexpected-response').then((args: unknown[]) => {
      throw new Error(`Unexpected server response: ${(args[1] as { statusCode: number }).statusCode}`);
    }),
  ]);
  return new RelayDriver(ws);
}

/** Calls the agent at `number` from `from` through the relay; the greeting is the next reply. */
export async function dial(app: FastifyInstance, number: string, from?: string): Promise<RelayDriver> {
  const relay = await openRelay(app);
  relay.setup(number, from);
  return relay;
}
