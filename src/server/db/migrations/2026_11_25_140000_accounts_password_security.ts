import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
export async function up(db: Kysely<any>): Promise<void> {
  // Failed password checks per account (keyed by a hash of the lowercased email, known account or not), so
  // every instance refuses the same account for the same growing delay.
  await db.schema
    .createTable('sign_in_throttles')
    .addColumn('account_key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_failure_at', 'timestamptz')
    .execute();

  // "Forgot password?" links: single use, short-lived, only the token's hash is kept.
  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_user_id_idx')
    .on('password_reset_tokens')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_reset_tokens').execute();
  await db.schema.dropTable('sign_in_throttles').execute();
}
