import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.ts';
import { hostedAgentId } from './agent-config.ts';

/** What must be given back to providers before an account's rows go. */
export interface AgentNumber {
  /** Null when the number was released already. */
  phoneNumber: string | null;
  providerId: string | null;
  contactEmail: string;
  hostedAgentId: string | null;
}

/** Every number of the account (one per agent, ADR 044). */
export async function findAgentNumbers(db: DbOrTx, userId: string): Promise<AgentNumber[]> {
  const rows = await db
    .selectFrom('agent_configs')
    .select([
      'twilio_phone_number',
      'phone_provider_id',
      'contact_email',
      'eleven_agent_id',
      'config_data',
      'number_released_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    // A number released after the grace period is given back already (and may be someone else's now).
    phoneNumber: row.number_released_at === null ? row.twilio_phone_number : null,
    providerId: row.phone_provider_id,
    contactEmail: row.contact_email,
    hostedAgentId: hostedAgentId(row.eleven_agent_id, row.config_data),
  }));
}

export async function findDocumentBlobKeys(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('documents').select('blob_key').where('user_id', '=', userId).execute();
  return rows.map((row) => row.blob_key);
}

/** Provider subscriptions of the account that may still charge (not ended). */
export async function findProviderSubscriptionIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .select('provider_subscription_id')
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('provider_subscription_id', 'is not', null)
    .execute();
  return rows.map((row) => row.provider_subscription_id).filter((id): id is string => Boolean(id));
}

export async function findUserEmail(db: DbOrTx, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email;
}

/**
 * Deletes every row of the account, table by table (children first), then the user. Payments stay
 * for the accounts (the law), detached: their FK sets user_id to null. Coupons the user redeemed stay
 * used (used_by -> null). Must run inside a transaction.
 */
export async function deleteAccountRows(
  trx: DbOrTx,
  userId: string,
  options: { outboxAddresses: string[] },
): Promise<void> {
  await trx.deleteFrom('knowledge_gaps').where('user_id', '=', userId).execute();
  await trx.deleteFrom('self_test_requests').where('user_id', '=', userId).execute();
  await trx.deleteFrom('knowledge_gap_digests').where('user_id', '=', userId).execute();
  await trx.deleteFrom('passages').where('user_id', '=', userId).execute();
  await trx.deleteFrom('added_answers').where('user_id', '=', userId).execute();
  await trx.deleteFrom('documents').where('user_id', '=', userId).execute();
  await trx.deleteFrom('minute_ledger').where('user_id', '=', userId).execute();
  await trx.deleteFrom('calls').where('user_id', '=', userId).execute();
  await trx.deleteFrom('minute_gifts').where('user_id', '=', userId).execute();
  await trx.deleteFrom('discount_history').where('user_id', '=', userId).execute();
  await trx.deleteFrom('agent_configs').where('user_id', '=', userId).execute();
  await trx.deleteFrom('local_checkouts').where('user_id', '=', userId).execute();
  await trx.updateTable('payments').set({ user_id: null }).where('user_id', '=', userId).execute();
  await trx.updateTable('coupons').set({ used_by: null }).where('used_by', '=', userId).execute();
  await trx.deleteFrom('subscriptions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('sign_in_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  // Alert emails carry call transcripts: drop the ones sent to this account's addresses unless another
  // account still uses the address.
  for (const address of options.outboxAddresses) {
    const shared = await trx
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', address.toLowerCase())
      .where('id', '!=', userId)
      .union(
        trx
          .selectFrom('agent_configs')
          .select('user_id as id')
          .where(sql<string>`lower(contact_email)`, '=', address.toLowerCase())
          .where('user_id', '!=', userId),
      )
      .executeTakeFirst();
    if (!shared) {
      await trx
        .deleteFrom('emails')
        .where(sql<string>`lower(to_address)`, '=', address.toLowerCase())
        .execute();
    }
  }
  await trx.deleteFrom('users').where('id', '=', userId).execute();
}
