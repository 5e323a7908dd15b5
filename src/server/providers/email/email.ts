/** Outgoing email in the product's words: one message to one address. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/**
 * Delivers one message. `smtp` hands it to an SMTP server (nodemailer); `local` keeps it in the outbox table
 * (the `emails` row itself is the local mailbox, readable by tests and the admin).
 * Throws ProviderError on failure; the sender loop retries retryable ones.
 */
export interface EmailProvider {
  readonly kind: 'smtp' | 'local';
  deliver(email: OutgoingEmail): Promise<void>;
}
