import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { ProviderError } from '../../lib/errors.ts';
import type { EmailProvider } from '../../providers/email/email.ts';
import {
  claimDueEmails,
  enqueueEmail,
  markEmailDelivered,
  markEmailFailed,
  type EnqueueEmailInput,
} from './email-outbox.repository.ts';

export interface EmailSenderOptions {
  db: Db;
  clock: Clock;
  provider: EmailProvider;
  log?: FastifyBaseLogger | undefined;
  /** Attempts before a message is given up as failed. */
  maxAttempts?: number;
  /** First retry delay; doubles each attempt (30 s, 1 min, 2 min, ...). */
  retryBaseMs?: number;
  /** How long a claimed message is reserved for one sender. */
  leaseMs?: number;
}

export interface EmailSender {
  /** Queues once per dedupe key and tries to send at once. Returns false for a duplicate key. */
  enqueue(input: Omit<EnqueueEmailInput, 'now'>): Promise<boolean>;
  /** Sends everything due now; resolves when done. Concurrent calls share one run. */
  flush(): Promise<void>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/**
 * The outbox sender: rows of `emails` are the queue (so a restart loses nothing and any instance may send),
 * the dedupe key makes a message go out once, failures are retried with exponential back-off.
 */
export function createEmailSender(options: EmailSenderOptions): EmailSender {
  const { db, clock, provider, log } = options;
  const maxAttempts = options.maxAttempts ?? 6;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  const runOnce = async (): Promise<void> => {
    const batch = await claimDueEmails(db, clock.now(), leaseMs, 20);
    for (const email of batch) {
      try {
        await provider.deliver({ to: email.to, subject: email.subject, text: email.text, html: email.html });
        await markEmailDelivered(db, email.id, provider.kind === 'local' ? 'outbox' : 'sent', clock.now());
      } catch (error) {
        const retryable = !(error instanceof ProviderError) || error.retryable;
        const retryAt =
          retryable && email.attempts < maxAttempts
            ? new Date(clock.now().getTime() + retryBaseMs * 2 ** (email.attempts - 1))
            : null;
        log?.warn({ err: error, emailId: email.id, attempts: email.attempts }, 'email delivery failed');
        await markEmailFailed(db, email.id, { error: (error as Error).message, retryAt });
      }
    }
  };

  const flush = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await runOnce();
        } while (again);
      } catch (error) {
        log?.error({ err: error }, 'email sender run failed');
      } finally {
        running = null;
      }
    })();
    return running;
  };

  return {
    async enqueue(input) {
      const queued = await enqueueEmail(db, { ...input, now: clock.now() });
      if (queued) void flush();
      return queued;
    },
    flush,
    start(intervalMs = 15_000) {
      if (timer) return;
      timer = setInterval(() => void flush(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
