import type { EmailProvider } from './email.ts';

/** No server: the queued row in `emails` (status `outbox`) is the delivered message. */
export const localEmail: EmailProvider = {
  kind: 'local',
  async deliver() {
    // Nothing leaves the machine; the sender marks the row as delivered to the outbox.
  },
};
