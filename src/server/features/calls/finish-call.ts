import type { Db } from '../../db/database.ts';
import type { DbOrTx } from '../../db/database.ts';
import { debitCallMinutes, inTransaction, lockAccount } from '../../entitlements/minutes.ts';
import { finishCall, setBilledMinutes, type FinishCallInput } from './calls.repository.ts';

/** Every started minute of an answered call, and at least one: a call answered for half a second is a call. */
export function billableMinutes(durationS: number): number {
  return Math.max(1, Math.ceil(durationS / 60));
}

/**
 * Debits an answered call's minutes and records them on the call. Run it in the transaction that writes the call's
 * end.
 */
export async function billCall(
  db: DbOrTx,
  call: { id: string; userId: string },
  durationS: number,
  now: Date,
): Promise<void> {
  const minutes = billableMinutes(durationS);
  await debitCallMinutes(db, { userId: call.userId, callId: call.id, minutes, now });
  await setBilledMinutes(db, call.id, minutes);
}

/**
 * Writes a call's end and debits its minutes in one transaction, once: false (nothing written, nothing billed) when
 * the call had already ended, e.g. closed by the sweep of another instance. Nobody sees an ended call without its
 * minutes, and a crash in between cannot leave one unbilled: a call whose end was never written is closed, and
 * billed, by the stale-call sweep; one with an end is not looked at again.
 */
export async function finishAndBillCall(
  db: Db,
  call: { id: string; userId: string },
  input: FinishCallInput,
  now: Date,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    // The account before the call, like a live call holding its next minute (no lock cycle between the two).
    await lockAccount(trx, call.userId);
    // The conditional end first: of two instances closing one call, the second waits on the row and finds it ended.
    if (!(await finishCall(trx, call.id, input))) return false;
    await billCall(trx, call, input.durationS, now);
    return true;
  });
}
