import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.ts';
import type { Env } from './env.ts';
import { runAsDatabaseRequest } from './db/connection-queue.ts';
import { checkDatabase, servesRequestsInLine, type Db } from './db/database.ts';
import { startAccountCache } from './lib/account-cache.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import { registerTextCheck } from './lib/request-text.ts';
import { buildPageHints } from './lib/page-hints.ts';
import { findCurrentUser, registerSecurity } from './lib/security.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import type { Providers } from './providers/index.ts';
import { createLocalProviders } from './providers/index.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { featureRoutes } from './features/index.ts';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from './lib/upload-limits.ts';

/** Everything a feature needs, passed explicitly: no globals, tests build the same app. */
export type { AppDeps } from './app-deps.ts';

export interface BuildAppOptions {
  env: Env;
  db: Db;
  clock?: Clock;
  providers?: Partial<Providers>;
  /** Folder of the built client; served with SPA fallback when it exists. */
  clientDir?: string;
  /** A pino logger (main.ts); tests run silent. */
  logger?: FastifyBaseLogger;
  /** Requests per minute for sign-in, registration and coupon checks (per client address). */
  authRateLimit?: number;
  /** Sees every route as it is registered (the route-walking test enumerates them). */
  onRoute?: (route: RouteOptions) => void;
}

export type App = FastifyInstance;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, db } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // Client addresses (rate limits, logs) come from X-Forwarded-For only when the proxy is trusted.
    trustProxy: env.TRUST_PROXY as FastifyServerOptions['trustProxy'] & boolean,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const providers: Providers = {
    ...createLocalProviders({ env, db, clock, log: app.log }),
    ...options.providers,
  };
  const deps: AppDeps = { env, db, clock, providers };

  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  registerErrorHandler(app);
  // First hook: the embedded database serves the oldest request first and refuses one that waited too long.
  if (servesRequestsInLine(db))
    app.addHook('onRequest', (_request, _reply, done) => runAsDatabaseRequest(done));
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'", 'https:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES + 1, files: MAX_FILES_PER_UPLOAD, fields: 20 },
  });
  await app.register(websocket);
  await app.register(rateLimit, { global: false });
  registerSecurity(app, deps);
  const accounts = startAccountCache(db);
  app.addHook('onClose', () => accounts.stop());
  registerTextCheck(app);

  await app.register(authRoutes(deps, { rateLimit: options.authRateLimit ?? 20 }), { prefix: '/api' });
  await app.register(featureRoutes(deps, { rateLimit: options.authRateLimit ?? 20 }), { prefix: '/api' });

  // 503 when the database does not answer or its data folder is gone, so a supervisor can see it.
  app.get('/api/health', async () => {
    await checkDatabase(db);
    return { ok: true };
  });

  const clientDir = options.clientDir;
  if (clientDir && existsSync(path.join(clientDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: path.resolve(clientDir),
      wildcard: false,
      // The build writes .br/.gz beside the assets (vite.config.ts): sent as they are, not compressed per request.
      preCompressed: true,
      maxAge: '1h',
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
    // A signed-in page opened directly gets its chunks and first API calls hinted in the HTML (page-hints.ts).
    const hintedPages = buildPageHints(path.resolve(clientDir));
    app.setNotFoundHandler(async (request, reply) => {
      if (request.url.startsWith('/api/') || request.method !== 'GET') {
        return reply.code(404).send({ detail: 'Not found' });
      }
      const hinted = hintedPages.get(request.url.split('?')[0]!.replace(/\/+$/, ''));
      if (hinted && (await findCurrentUser(deps, request).catch(() => null))) {
        return reply
          .header('cache-control', 'no-cache')
          .header('vary', 'cookie')
          .type('text/html; charset=utf-8')
          .send(hinted);
      }
      return reply.header('cache-control', 'no-cache').header('vary', 'cookie').sendFile('index.html');
    });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not found' }));
  }

  return app;
}
