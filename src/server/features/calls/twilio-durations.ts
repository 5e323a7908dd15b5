import twilio from 'twilio';
import type { Env } from '../../env.ts';
import { ProviderError } from '../../lib/errors.ts';

type RequestOptions = Parameters<twilio.RequestClient['request']>[0];

/** Sends the SDK's requests to TWILIO_API_BASE_URL (a local fake in tests) instead of api.twilio.com. */
class RedirectingRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super();
  }
  override request<T>(options: RequestOptions & { data?: T }) {
    const url = new URL(options.uri);
    return super.request({ ...options, uri: this.base.replace(/\/$/, '') + url.pathname + url.search });
  }
}

/** Reads a finished call's final duration from Twilio (Sync Calls reconciles the call records with it). */
export function createTwilioDurationReader(env: Env): ((callSid: string) => Promise<number | null>) | null {
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN) return null;
  const client = twilio(env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, {
    ...(env.TWILIO_API_BASE_URL ? { httpClient: new RedirectingRequestClient(env.TWILIO_API_BASE_URL) } : {}),
  });
  return async (callSid) => {
    try {
      const call = await client.calls(callSid).fetch();
      const duration = Number(call.duration);
      return call.status === 'completed' && Number.isFinite(duration) ? duration : null;
    } catch (error) {
      if ((error as { status?: number }).status === 404) return null;
      throw new ProviderError('twilio', (error as Error).message, true, { cause: error });
    }
  };
}
