import type { Db } from '../../db/database.ts';
import { debitCallMinutes, inTransaction, type DbOrTx } from '../../entitlements/minutes.ts';
import { finishCall, setBilledMinutes, type FinishCallInput } from './calls.repository.ts';

/**
 * Debits an ended call's minutes (every started minute) and records them on the call. Run it in the transaction
 * that writes the call's end.
 */
export async function billCall(
  db: DbOrTx,
  call: { id: string; userId: string },
  durationS: number,
  now: Date,
): Promise<void> {
  const minutes = Math.ceil(durationS / 60);
  if (minutes <= 0) return;
  await debitCallMinutes(db, { userId: call.userId, callId: call.id, minutes, now });
  await setBilledMinutes(db, call.id, minutes);
}

/**
 * Writes a call's end and debits its minutes in one transaction. Nobody sees an ended call without its minutes,
 * and a crash in between cannot leave one unbilled: a call whose end was never written is closed, and billed,
 * by the stale-call sweep; one with an end is not looked at again.
 */
export async function finishAndBillCall(
  db: Db,
  call: { id: string; userId: string },
  input: FinishCallInput,
  now: Date,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await billCall(trx, call, input.durationS, now);
    await finishCall(trx, call.id, input);
  });
}
