import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` once the server is ready and then every `intervalMs` until it closes (ADR 005: background work is
 * small in-process loops that claim their rows in the database). A failure is logged as "<what> failed" and the
 * loop goes on. The timer does not keep the process alive.
 */
export function runPeriodically(
  app: FastifyInstance,
  intervalMs: number,
  what: string,
  task: () => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () => void task().catch((error: unknown) => app.log.error({ err: error }, `${what} failed`));
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
