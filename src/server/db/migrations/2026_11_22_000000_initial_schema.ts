import { sql, type Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  const id = (col: any) => col.primaryKey().defaultTo(sql`gen_random_uuid()`);

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', id)
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('picture', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('google_sub', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create unique index users_email_lower_key on users (lower(email))`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', id)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  // One-time codes exchanged for a session after a Google sign-in (GET /api/auth/session).
  await db.schema
    .createTable('sign_in_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  // State of an OpenID Connect sign-in between the redirect and the callback.
  await db.schema
    .createTable('oauth_states')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'uuid', id)
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('base_amount_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discount_type', 'text')
    .addColumn('discount_source', 'text')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_subscription_id', 'text')
    .addColumn('provider_customer_id', 'text')
    .addColumn('current_period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('current_period_end', 'timestamptz', (c) => c.notNull())
    .addColumn('trial_ends_at', 'timestamptz')
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ended_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('subscriptions_user_id_idx').on('subscriptions').column('user_id').execute();
  // At most one live subscription per account.
  await sql`create unique index subscriptions_one_live_per_user on subscriptions (user_id) where ended_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('payments')
    .addColumn('id', 'uuid', id)
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_session_id', 'text', (c) => c.notNull().unique())
    .addColumn('provider_payment_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('plan', 'text')
    .addColumn('minutes', 'integer')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('usd'))
    .addColumn('coupon_code', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('payments_user_id_idx').on('payments').column('user_id').execute();

  // Webhook events already applied (exactly-once delivery on top of at-least-once).
  await db.schema
    .createTable('processed_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('processed_events_pk', ['provider', 'event_id'])
    .execute();

  // The local payment provider's checkout sessions (the page /local-checkout/:id).
  await db.schema
    .createTable('local_checkouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('base_amount_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('success_url', 'text', (c) => c.notNull())
    .addColumn('cancel_url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  // Minutes are a ledger: grants (plan period, pack, gift) and debits (calls); never a lone counter.
  await db.schema
    .createTable('minute_ledger')
    .addColumn('id', 'uuid', id)
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('entry', 'text', (c) => c.notNull()) // grant | debit
    .addColumn('bucket', 'text', (c) => c.notNull()) // plan | extra
    .addColumn('source', 'text', (c) => c.notNull()) // plan_period | pack | gift | call | adjustment
    .addColumn('minutes', 'integer', (c) => c.notNull().check(sql`minutes >= 0`))
    .addColumn('subscription_id', 'uuid', (c) => c.references('subscriptions.id').onDelete('set null'))
    .addColumn('period_start', 'timestamptz')
    .addColumn('period_end', 'timestamptz')
    .addColumn('payment_id', 'uuid', (c) => c.references('payments.id').onDelete('set null'))
    .addColumn('call_id', 'uuid')
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('minute_ledger_user_idx')
    .on('minute_ledger')
    .columns(['user_id', 'created_at'])
    .execute();
  await sql`create unique index minute_ledger_call_once on minute_ledger (call_id, bucket) where call_id is not null`.execute(
    db,
  );

  await db.schema
    .createTable('coupons')
    .addColumn('id', 'uuid', id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('discount_percent', 'integer', (c) => c.notNull())
    .addColumn('discount_type', 'text', (c) => c.notNull())
    .addColumn('used', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('used_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('discount_history')
    .addColumn('id', 'uuid', id)
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull()) // applied | revoked
    .addColumn('discount_percent', 'integer', (c) => c.notNull())
    .addColumn('discount_type', 'text')
    .addColumn('discount_source', 'text')
    .addColumn('revoked_by', 'text')
    .addColumn('revoke_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('minute_gifts')
    .addColumn('id', 'uuid', id)
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('gifted_by_email', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('agent_configs')
    .addColumn('id', 'uuid', id)
    .addColumn('user_id', 'uuid', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('contact_email', 'text', (c) => c.notNull())
    .addColumn('twilio_phone_number', 'text', (c) => c.notNull().unique())
    .addColumn('phone_provider_id', 'text')
    .addColumn('transfer_phone_number', 'text')
    .addColumn('voice_id', 'text')
    .addColumn('eleven_agent_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('inactive'))
    .addColumn('knowledge_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('config_data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'uuid', id)
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('page_count', 'integer')
    .addColumn('provider_document_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('documents_user_name_key', ['user_id', 'name'])
    .execute();

  await db.schema
    .createTable('passages')
    .addColumn('id', 'uuid', id)
    .addColumn('document_id', 'uuid', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ord', 'integer', (c) => c.notNull())
    .addColumn('heading', 'text')
    .addColumn('page', 'integer')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('tsv', sql`tsvector`, (c) =>
      c.generatedAlwaysAs(sql`to_tsvector('english', coalesce(heading, '') || ' ' || text)`).stored(),
    )
    .execute();
  await db.schema
    .createIndex('passages_user_idx')
    .on('passages')
    .columns(['user_id', 'document_id', 'ord'])
    .execute();
  await sql`create index passages_tsv_idx on passages using gin (tsv)`.execute(db);

  await db.schema
    .createTable('calls')
    .addColumn('id', 'uuid', id)
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull()) // local | twilio | elevenlabs
    .addColumn('provider_call_id', 'text')
    .addColumn('phone_number', 'text', (c) => c.notNull()) // the caller
    .addColumn('to_number', 'text')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('ended_at', 'timestamptz')
    .addColumn('duration_s', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('transcript', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('outcome', 'text')
    .addColumn('summary', 'text')
    .addColumn('billed_minutes', 'integer')
    .addColumn('turn_latencies_ms', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('handoff', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('calls_user_created_idx')
    .on('calls')
    .columns(['user_id', 'created_at'])
    .execute();
  await sql`create unique index calls_provider_call_key on calls (provider, provider_call_id) where provider_call_id is not null`.execute(
    db,
  );

  // Outgoing email: sent through SMTP when configured, else kept here as the local outbox.
  await db.schema
    .createTable('emails')
    .addColumn('id', 'uuid', id)
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('status', 'text', (c) => c.notNull()) // pending | sent | failed | outbox
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'emails',
    'calls',
    'passages',
    'documents',
    'agent_configs',
    'minute_gifts',
    'discount_history',
    'coupons',
    'minute_ledger',
    'local_checkouts',
    'processed_events',
    'payments',
    'subscriptions',
    'oauth_states',
    'sign_in_codes',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
