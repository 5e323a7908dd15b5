import { sql, type Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// What the dashboard's subscription status shows is cached per instance (lib/account-cache.ts, ADR 043 addendum).
// Every change to what it is computed from (an account's subscriptions, its minute ledger, its numbers) notifies
// every instance on the channel `account_changed`, whichever code path made it: the payload is the user's id.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function notify_account_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        perform pg_notify('account_changed', old.user_id::text);
      end if;
      if tg_op <> 'DELETE' then
        perform pg_notify('account_changed', new.user_id::text);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger subscriptions_account_changed
    after insert or update or delete on subscriptions
    for each row execute function notify_account_changed()`.execute(db);
  await sql`create trigger minute_ledger_account_changed
    after insert or update or delete on minute_ledger
    for each row execute function notify_account_changed()`.execute(db);
  await sql`create trigger agent_configs_account_changed
    after insert or delete or update of user_id, twilio_phone_number, number_released_at, created_at
    on agent_configs
    for each row execute function notify_account_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists agent_configs_account_changed on agent_configs`.execute(db);
  await sql`drop trigger if exists minute_ledger_account_changed on minute_ledger`.execute(db);
  await sql`drop trigger if exists subscriptions_account_changed on subscriptions`.execute(db);
  await sql`drop function if exists notify_account_changed()`.execute(db);
}
