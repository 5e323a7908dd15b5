import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localEmail } from '../../providers/email/local.ts';
import { createSmtpEmail } from '../../providers/email/smtp.ts';
import { databaseTargets, useTestApp } from '../../test/harness.ts';
import { createEmailSender } from './email-sender.ts';

const inbox: { to: string; subject: string }[] = [];
let failNext = 0;
let smtp: SMTPServer;
let port = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      simpleParser(stream).then((mail) => {
        if (failNext > 0) {
          failNext--;
          const error = Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 });
          return callback(error);
        }
        inbox.push({ to: session.envelope.rcptTo[0]!.address, subject: mail.subject ?? '' });
        callback();
      }, callback);
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describe.each(databaseTargets())('email outbox and sender (%s)', (target) => {
  const ctx = useTestApp(target);

  it('retries a failed delivery after the back-off and sends a dedupe key once', async () => {
    const to = `owner-${target}@acme.test`;
    const { db, clock } = ctx();
    const sender = createEmailSender({
      db,
      clock,
      provider: createSmtpEmail({ url: `smtp://127.0.0.1:${port}`, from: 'a@b.test' }),
      retryBaseMs: 60_000,
    });
    failNext = 1;
    expect(
      await sender.enqueue({
        dedupeKey: 'escalation:1',
        to,
        subject: 'Call escalated',
        text: 'hi',
      }),
    ).toBe(true);
    expect(
      await sender.enqueue({
        dedupeKey: 'escalation:1',
        to,
        subject: 'Call escalated',
        text: 'hi',
      }),
    ).toBe(false);
    await sender.flush();
    let row = await db.selectFrom('emails').selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/busy/);
    expect(inbox.filter((m) => m.to === to)).toHaveLength(0);

    await sender.flush(); // not due yet
    clock.advance(61_000);
    await sender.flush();
    row = await db.selectFrom('emails').selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(2);
    await sender.flush();
    expect(inbox.filter((m) => m.to === to)).toHaveLength(1);
  });

  it('without SMTP the message lands in the local outbox', async () => {
    const { db, clock } = ctx();
    const sender = createEmailSender({ db, clock, provider: localEmail });
    await sender.enqueue({ dedupeKey: 'k', to: 'x@acme.test', subject: 's', text: 't' });
    await sender.flush();
    const row = await db.selectFrom('emails').selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe('outbox');
    expect(row.sent_at).not.toBeNull();
  });
});
