import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../../lib/errors.ts';
import { NumberUnavailableError, type TelephonyProvider } from './telephony.ts';
import { createTwilioTelephony } from './twilio.ts';
import { startFakeTwilio, type FakeTwilio } from './twilio-fake.ts';

const SID = 'AC00000000000000000000000000000000';
const TOKEN = 'test-auth-token';

describe('Twilio telephony adapter (official SDK against a fake Twilio)', () => {
  let fake: FakeTwilio;
  let telephony: TelephonyProvider;
  beforeEach(async () => {
    fake = await startFakeTwilio(SID);
    fake.available = [
      { phoneNumber: '+14155550101', friendlyName: '(415) 555-0101' },
      { phoneNumber: '+14155550102', friendlyName: '(415) 555-0102' },
    ];
    telephony = createTwilioTelephony({ accountSid: SID, authToken: TOKEN, apiBaseUrl: fake.baseUrl });
  });
  afterEach(async () => {
    await fake.close();
  });

  it('lists local US voice numbers in product words, authenticated with the account credentials', async () => {
    const numbers = await telephony.searchAvailableNumbers({ limit: 10 });
    expect(numbers).toEqual([
      { phoneNumber: '+14155550101', friendlyName: '(415) 555-0101' },
      { phoneNumber: '+14155550102', friendlyName: '(415) 555-0102' },
    ]);
    const request = fake.requests[0]!;
    expect(request.path).toBe(`/2010-04-01/Accounts/${SID}/AvailablePhoneNumbers/US/Local.json`);
    expect(request.query.get('VoiceEnabled')).toBe('true');
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
  });

  it('buys a number with its voice webhook and status callback pointed at this server', async () => {
    const rented = await telephony.rentNumber({
      phoneNumber: '+14155550101',
      voiceUrl: 'https://desk.example/api/twilio/voice',
      statusCallbackUrl: 'https://desk.example/api/twilio/status',
    });
    expect(rented.phoneNumber).toBe('+14155550101');
    expect(rented.providerId).toMatch(/^PN/);
    const purchase = fake.requests.find((r) => r.method === 'POST')!;
    expect(purchase.form.get('PhoneNumber')).toBe('+14155550101');
    expect(purchase.form.get('VoiceUrl')).toBe('https://desk.example/api/twilio/voice');
    expect(purchase.form.get('VoiceMethod')).toBe('POST');
    expect(purchase.form.get('StatusCallback')).toBe('https://desk.example/api/twilio/status');
    expect((await telephony.searchAvailableNumbers()).map((n) => n.phoneNumber)).toEqual(['+14155550102']);
  });

  it('reports a number bought by someone else as unavailable (Twilio 21422)', async () => {
    fake.takenElsewhere.add('+14155550102');
    await expect(
      telephony.rentNumber({
        phoneNumber: '+14155550102',
        voiceUrl: 'https://x/v',
        statusCallbackUrl: 'https://x/s',
      }),
    ).rejects.toBeInstanceOf(NumberUnavailableError);
  });

  it('releases a number by its sid, or finds the sid by number, and treats an already released number as done', async () => {
    const a = await telephony.rentNumber({
      phoneNumber: '+14155550101',
      voiceUrl: 'https://x/v',
      statusCallbackUrl: 'https://x/s',
    });
    const b = await telephony.rentNumber({
      phoneNumber: '+14155550102',
      voiceUrl: 'https://x/v',
      statusCallbackUrl: 'https://x/s',
    });
    await telephony.releaseNumber(a);
    await telephony.releaseNumber({ phoneNumber: b.phoneNumber, providerId: null });
    expect(fake.owned.size).toBe(0);
    expect(fake.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/2010-04-01/Accounts/${SID}/IncomingPhoneNumbers/${a.providerId}.json`,
      `/2010-04-01/Accounts/${SID}/IncomingPhoneNumbers/${b.providerId}.json`,
    ]);
    await expect(telephony.releaseNumber(a)).resolves.toBeUndefined();
  });

  it('turns Twilio outages into retryable ProviderErrors', async () => {
    fake.failWith = 503;
    const error = await telephony.searchAvailableNumbers().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).retryable).toBe(true);
    const rent = await telephony
      .rentNumber({ phoneNumber: '+14155550101', voiceUrl: 'https://x/v', statusCallbackUrl: 'https://x/s' })
      .catch((e: unknown) => e);
    expect(rent).toBeInstanceOf(ProviderError);
  });
});
