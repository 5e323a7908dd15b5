import { sql, type Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// Sessions are cached per instance (lib/session-cache.ts, ADR 004). Every change that can end a session or alter
// what it shows (a revoke, a delete, a user's e-mail or name changed, a user deleted) notifies every instance on
// the channel `session_changed`, whichever code path made it: the payload is the session's token hash or
// `user:<id>`.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function notify_session_changed() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'sessions' then
        perform pg_notify('session_changed', old.token_hash);
      else
        perform pg_notify('session_changed', 'user:' || old.id::text);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger sessions_changed_notify
    after update of revoked_at, expires_at, user_id or delete on sessions
    for each row execute function notify_session_changed()`.execute(db);
  await sql`create trigger users_changed_notify
    after update of email, name, picture or delete on users
    for each row execute function notify_session_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists users_changed_notify on users`.execute(db);
  await sql`drop trigger if exists sessions_changed_notify on sessions`.execute(db);
  await sql`drop function if exists notify_session_changed()`.execute(db);
}
