import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// Billing the owner manages alone (issue 25): a downgrade waiting for the next renewal, when a cancellation was asked
// for, and what a payment was before its discount (the payments list and receipts show both).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('scheduled_plan', 'text')
    .addColumn('cancel_requested_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('base_amount_cents', 'integer')
    .addColumn('discount_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('payments_user_created_idx')
    .on('payments')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_user_created_idx').ifExists().execute();
  await db.schema
    .alterTable('payments')
    .dropColumn('discount_percent')
    .dropColumn('base_amount_cents')
    .execute();
  await db.schema
    .alterTable('subscriptions')
    .dropColumn('cancel_requested_at')
    .dropColumn('scheduled_plan')
    .execute();
}
