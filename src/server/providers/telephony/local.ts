/**
 * The local phone network: a pool of 100 fictional numbers, +1 (555) 010-0100 to +1 (555) 010-0199 (E.164
 * +15550100100 ... +15550100199; area code 555 is not in service, so they never ring a real phone). A rented number is a row of
 * `local_phone_numbers`, so every server instance on the same database sees the same network, and renting is
 * exclusive (primary key) exactly like buying at Twilio.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  NumberUnavailableError,
  type AvailableNumber,
  type RentedNumber,
  type RentNumberRequest,
  type TelephonyProvider,
} from './telephony.ts';

/** Every number of the local pool, in order: +15550100100 ... +15550100199. */
export const LOCAL_NUMBER_POOL: readonly string[] = Array.from(
  { length: 100 },
  (_, i) => `+1555010${String(100 + i).padStart(4, '0')}`,
);

/** "(555) 010-0123" for +15550100123, like a US friendly name. */
export function localFriendlyName(phoneNumber: string): string {
  const digits = phoneNumber.replace(/^\+1/, '');
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export function createLocalTelephony(deps: { db: Db; clock: Clock }): TelephonyProvider {
  const { db, clock } = deps;
  return {
    kind: 'local',

    async searchAvailableNumbers(options = {}): Promise<AvailableNumber[]> {
      const rented = await db.selectFrom('local_phone_numbers').select('phone_number').execute();
      const taken = new Set(rented.map((row) => row.phone_number));
      return LOCAL_NUMBER_POOL.filter((n) => !taken.has(n))
        .slice(0, options.limit ?? LOCAL_NUMBER_POOL.length)
        .map((phoneNumber) => ({ phoneNumber, friendlyName: localFriendlyName(phoneNumber) }));
    },

    async rentNumber(request: RentNumberRequest): Promise<RentedNumber> {
      if (!LOCAL_NUMBER_POOL.includes(request.phoneNumber)) {
        throw new NumberUnavailableError(request.phoneNumber);
      }
      const sid = `LN${randomBytes(16).toString('hex')}`;
      const inserted = await db
        .insertInto('local_phone_numbers')
        .values({
          phone_number: request.phoneNumber,
          sid,
          voice_url: request.voiceUrl,
          status_callback_url: request.statusCallbackUrl,
          rented_at: clock.now(),
        })
        .onConflict((oc) => oc.column('phone_number').doNothing())
        .returning('sid')
        .executeTakeFirst();
      if (!inserted) throw new NumberUnavailableError(request.phoneNumber);
      return { phoneNumber: request.phoneNumber, providerId: sid };
    },

    async releaseNumber(number): Promise<void> {
      let query = db.deleteFrom('local_phone_numbers').where('phone_number', '=', number.phoneNumber);
      // With a handle, only that rental goes (a later rental of the same number by someone else stays).
      if (number.providerId) query = query.where('sid', '=', number.providerId);
      await query.execute();
    },
  };
}
