import type { Db } from '../../db/database.ts';

/** The account's agent (one per account today; ADR 042 keeps hours per agent for several). */
export async function findAgentIdOfUser(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('agent_configs')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.id;
}
