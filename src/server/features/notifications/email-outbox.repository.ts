import type { Db } from '../../db/database.ts';

export interface QueuedEmail {
  id: string;
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
}

export interface EnqueueEmailInput {
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  now: Date;
}

/** Queues a message once per dedupe key; returns false when that key was already queued (or sent). */
export async function enqueueEmail(db: Db, input: EnqueueEmailInput): Promise<boolean> {
  const inserted = await db
    .insertInto('emails')
    .values({
      dedupe_key: input.dedupeKey,
      to_address: input.to,
      subject: input.subject,
      text_body: input.text,
      html_body: input.html ?? null,
      status: 'pending',
      next_attempt_at: input.now,
      created_at: input.now,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Claims up to `limit` due messages for this sender: a claimed row is pushed `leaseMs` into the future, so a
 * sender that dies mid-delivery leaves it to be retried after the lease instead of losing it.
 */
export async function claimDueEmails(
  db: Db,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<QueuedEmail[]> {
  const due = await db
    .selectFrom('emails')
    .select('id')
    .where('status', 'in', ['pending', 'sending'])
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  const claimed: QueuedEmail[] = [];
  for (const { id } of due) {
    const row = await db
      .updateTable('emails')
      .set((eb) => ({
        status: 'sending',
        attempts: eb('attempts', '+', 1),
        next_attempt_at: new Date(now.getTime() + leaseMs),
      }))
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'sending'])
      .where('next_attempt_at', '<=', now)
      .returning(['id', 'dedupe_key', 'to_address', 'subject', 'text_body', 'html_body', 'attempts'])
      .executeTakeFirst();
    if (row) {
      claimed.push({
        id: row.id,
        dedupeKey: row.dedupe_key,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        attempts: row.attempts,
      });
    }
  }
  return claimed;
}

export async function markEmailDelivered(
  db: Db,
  id: string,
  status: 'sent' | 'outbox',
  now: Date,
): Promise<void> {
  await db
    .updateTable('emails')
    .set({ status, sent_at: now, last_error: null })
    .where('id', '=', id)
    .execute();
}

export async function markEmailFailed(
  db: Db,
  id: string,
  input: { error: string; retryAt: Date | null },
): Promise<void> {
  await db
    .updateTable('emails')
    .set({
      status: input.retryAt ? 'pending' : 'failed',
      last_error: input.error.slice(0, 500),
      ...(input.retryAt ? { next_attempt_at: input.retryAt } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export interface EmailRecord {
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
  status: string;
  attempts: number;
}

/** The outbox as tests and the admin read it, newest first. */
export async function listEmails(db: Db, limit = 50): Promise<EmailRecord[]> {
  const rows = await db
    .selectFrom('emails')
    .select(['dedupe_key', 'to_address', 'subject', 'text_body', 'status', 'attempts'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    dedupeKey: r.dedupe_key,
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    status: r.status,
    attempts: r.attempts,
  }));
}

/** The account owner's sign-in address. */
export async function findAccountEmail(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email;
}
