import nodemailer from 'nodemailer';
import { ProviderError } from '../../lib/errors.ts';
import type { EmailProvider, OutgoingEmail } from './email.ts';

export interface SmtpOptions {
  /** smtp://user:pass@host:port or smtps://… */
  url: string;
  from: string;
}

/** SMTP through nodemailer. Connection and 4xx failures are retryable; 5xx rejections are not. */
export function createSmtpEmail(options: SmtpOptions): EmailProvider {
  const url = new URL(options.url);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
    secure: url.protocol === 'smtps:',
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    // Local relays often speak plain SMTP; STARTTLS is still used when the server offers it.
    ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async deliver(email: OutgoingEmail) {
      try {
        await transport.sendMail({
          from: options.from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          ...(email.html ? { html: email.html } : {}),
        });
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        const retryable = code === undefined || code < 500;
        throw new ProviderError('smtp', (error as Error).message, retryable, { cause: error });
      }
    },
  };
}
