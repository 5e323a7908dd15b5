import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Notifications } from './notifications.service.ts';

/** No HTTP routes: runs the outbox sender while the app is up (sends what is due, retries failures). */
export function notificationsRoutes(notifications: Notifications): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onReady', async () => {
      notifications.sender.start();
      void notifications.sender.flush();
    });
    app.addHook('onClose', async () => {
      await notifications.sender.stop();
    });
  };
}
