/**
 * Telephony through Twilio's official SDK: search local US voice numbers, buy one with its voice webhook
 * pointed at this server, release it. Vendor payloads stop here; callers see the product's types.
 *
 * `apiBaseUrl` (env TWILIO_API_BASE_URL) sends every REST call to another origin, keeping path and query:
 * the tests run the SDK against a local fake server this way (the SDK's edge/region only rewrite hostnames).
 */
import twilio from 'twilio';
import { ProviderError } from '../../lib/errors.ts';
import {
  NumberUnavailableError,
  type AvailableNumber,
  type RentedNumber,
  type RentNumberRequest,
  type TelephonyProvider,
} from './telephony.ts';

export interface TwilioTelephonyOptions {
  accountSid: string;
  authToken: string;
  apiBaseUrl?: string | undefined;
}

/** Twilio error codes meaning "this number cannot be bought" (taken, or not offered). */
const NUMBER_UNAVAILABLE_CODES = new Set([21422, 21421, 21452]);

type RequestOptionsOf<TData> = Parameters<twilio.RequestClient['request']>[0] & { data?: TData };

class RedirectingRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super();
  }
  override request<TData>(options: RequestOptionsOf<TData>) {
    const url = new URL(options.uri);
    return super.request<TData>({
      ...options,
      uri: this.base.replace(/\/$/, '') + url.pathname + url.search,
    });
  }
}

export function createTwilioClient(options: TwilioTelephonyOptions): twilio.Twilio {
  return twilio(options.accountSid, options.authToken, {
    ...(options.apiBaseUrl ? { httpClient: new RedirectingRequestClient(options.apiBaseUrl) } : {}),
  });
}

function isRestException(error: unknown): error is { status: number; code?: number; message: string } {
  return (
    typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
  );
}

function providerError(action: string, error: unknown): ProviderError {
  const status = isRestException(error) ? error.status : undefined;
  const retryable = status === undefined || status === 429 || status >= 500;
  const code = isRestException(error) && error.code ? ` (code ${error.code})` : '';
  return new ProviderError('twilio', `${action} failed${status ? ` with ${status}` : ''}${code}`, retryable, {
    cause: error,
  });
}

export function createTwilioTelephony(options: TwilioTelephonyOptions): TelephonyProvider {
  const client = createTwilioClient(options);
  return {
    kind: 'twilio',

    async searchAvailableNumbers(search = {}): Promise<AvailableNumber[]> {
      try {
        const numbers = await client
          .availablePhoneNumbers('US')
          .local.list({ voiceEnabled: true, limit: search.limit ?? 20 });
        return numbers
          .filter((n) => typeof n.phoneNumber === 'string' && n.phoneNumber.startsWith('+'))
          .map((n) => ({ phoneNumber: n.phoneNumber, friendlyName: n.friendlyName || null }));
      } catch (error) {
        throw providerError('searching available numbers', error);
      }
    },

    async rentNumber(request: RentNumberRequest): Promise<RentedNumber> {
      try {
        const bought = await client.incomingPhoneNumbers.create({
          phoneNumber: request.phoneNumber,
          voiceUrl: request.voiceUrl,
          voiceMethod: 'POST',
          statusCallback: request.statusCallbackUrl,
          statusCallbackMethod: 'POST',
        });
        return { phoneNumber: bought.phoneNumber || request.phoneNumber, providerId: bought.sid };
      } catch (error) {
        if (isRestException(error) && error.status === 400 && NUMBER_UNAVAILABLE_CODES.has(error.code ?? 0)) {
          throw new NumberUnavailableError(request.phoneNumber);
        }
        throw providerError('buying a number', error);
      }
    },

    async releaseNumber(number): Promise<void> {
      try {
        let sid = number.providerId;
        if (!sid) {
          const owned = await client.incomingPhoneNumbers.list({ phoneNumber: number.phoneNumber, limit: 1 });
          sid = owned[0]?.sid ?? null;
          if (!sid) return; // not ours any more
        }
        await client.incomingPhoneNumbers(sid).remove();
      } catch (error) {
        if (isRestException(error) && error.status === 404) return; // already released
        throw providerError('releasing a number', error);
      }
    },
  };
}
