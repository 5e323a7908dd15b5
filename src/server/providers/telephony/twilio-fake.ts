/**
 * A fake Twilio REST API on a local port, for tests: the real SDK talks to it through TWILIO_API_BASE_URL.
 * It keeps the numbers "bought" on this fake account and records every request for assertions.
 * Responses are snake_case JSON like Twilio's; errors carry Twilio's `code`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTwilioRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  authorization: string | undefined;
}

export interface FakeIncomingNumber {
  sid: string;
  phoneNumber: string;
  voiceUrl: string | null;
  statusCallback: string | null;
}

export interface FakeTwilio {
  baseUrl: string;
  requests: FakeTwilioRequest[];
  /** Numbers bought on the fake account, by sid. */
  owned: Map<string, FakeIncomingNumber>;
  /** Numbers the search offers. */
  available: { phoneNumber: string; friendlyName: string }[];
  /** Numbers someone else bought: buying them fails with Twilio error 21422. */
  takenElsewhere: Set<string>;
  /** When set, purchases wait until this many have arrived (to line up races), then all proceed. */
  holdPurchasesUntil: number;
  /** Calls on the fake account by sid (GET …/Calls/{CA}.json): final status and duration in seconds. */
  calls: Map<string, { status: string; duration: number | null }>;
  /** Call sids whose fetch answers this status instead (one failing read among several). */
  failingCalls: Map<string, number>;
  /** Status to answer every request with (e.g. 500), when set. */
  failWith: number | undefined;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeTwilio(
  accountSid = 'AC00000000000000000000000000000000',
): Promise<FakeTwilio> {
  let sidCounter = 0;
  let waiting: (() => void)[] = [];
  const prefix = `/2010-04-01/Accounts/${accountSid}`;
  const state = {
    requests: [] as FakeTwilioRequest[],
    owned: new Map<string, FakeIncomingNumber>(),
    available: [] as { phoneNumber: string; friendlyName: string }[],
    takenElsewhere: new Set<string>(),
    calls: new Map<string, { status: string; duration: number | null }>(),
    failingCalls: new Map<string, number>(),
    holdPurchasesUntil: 0,
    failWith: undefined as number | undefined,
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const form = new URLSearchParams(await readBody(request));
      state.requests.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        form,
        authorization: request.headers.authorization,
      });
      const send = (status: number, body?: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(body === undefined ? '' : JSON.stringify(body));
      };
      const error = (status: number, code: number, message: string) =>
        send(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
      const numberJson = (n: FakeIncomingNumber) => ({
        sid: n.sid,
        account_sid: accountSid,
        phone_number: n.phoneNumber,
        friendly_name: n.phoneNumber,
        voice_url: n.voiceUrl,
        voice_method: 'POST',
        status_callback: n.statusCallback,
        capabilities: { voice: true, sms: true, mms: true },
      });

      if (state.failWith) return error(state.failWith, 20500, 'Internal Server Error');
      const path = url.pathname;
      if (request.method === 'GET' && path === `${prefix}/AvailablePhoneNumbers/US/Local.json`) {
        const owned = new Set([...state.owned.values()].map((n) => n.phoneNumber));
        const size = Number(url.searchParams.get('PageSize') ?? 50);
        return send(200, {
          available_phone_numbers: state.available
            .filter((n) => !owned.has(n.phoneNumber) && !state.takenElsewhere.has(n.phoneNumber))
            .slice(0, size)
            .map((n) => ({
              phone_number: n.phoneNumber,
              friendly_name: n.friendlyName,
              locality: 'San Francisco',
              region: 'CA',
              iso_country: 'US',
              capabilities: { voice: true, SMS: true, MMS: true },
            })),
          uri: path,
        });
      }
      if (request.method === 'POST' && path === `${prefix}/IncomingPhoneNumbers.json`) {
        if (state.holdPurchasesUntil > 0) {
          await new Promise<void>((resolve) => {
            waiting.push(resolve);
            if (waiting.length >= state.holdPurchasesUntil) {
              for (const go of waiting) go();
              waiting = [];
            }
          });
        }
        const phoneNumber = form.get('PhoneNumber') ?? '';
        if (state.takenElsewhere.has(phoneNumber)) {
          return error(400, 21422, `PhoneNumber ${phoneNumber} requested is not available`);
        }
        sidCounter += 1;
        const number: FakeIncomingNumber = {
          sid: `PN${String(sidCounter).padStart(32, '0')}`,
          phoneNumber,
          voiceUrl: form.get('VoiceUrl'),
          statusCallback: form.get('StatusCallback'),
        };
        state.owned.set(number.sid, number);
        return send(201, numberJson(number));
      }
      if (request.method === 'GET' && path === `${prefix}/IncomingPhoneNumbers.json`) {
        const wanted = url.searchParams.get('PhoneNumber');
        return send(200, {
          incoming_phone_numbers: [...state.owned.values()]
            .filter((n) => !wanted || n.phoneNumber === wanted)
            .map(numberJson),
          uri: path,
        });
      }
      const match = path.match(new RegExp(`^${prefix}/IncomingPhoneNumbers/(PN\\w+)\\.json$`));
      if (request.method === 'DELETE' && match) {
        if (!state.owned.delete(match[1]!)) return error(404, 20404, 'The requested resource was not found');
        response.writeHead(204);
        return response.end();
      }
      const callMatch = path.match(new RegExp(`^${prefix}/Calls/(CA\\w+)\\.json$`));
      if (request.method === 'GET' && callMatch) {
        const failing = state.failingCalls.get(callMatch[1]!);
        if (failing) return error(failing, 20500, 'Internal Server Error');
        const call = state.calls.get(callMatch[1]!);
        if (!call) return error(404, 20404, 'The requested resource was not found');
        return send(200, {
          sid: callMatch[1],
          account_sid: accountSid,
          status: call.status,
          duration: call.duration === null ? null : String(call.duration),
          direction: 'inbound',
        });
      }
      return error(404, 20404, `no fake for ${request.method} ${path}`);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
