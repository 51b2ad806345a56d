import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { carryOutEffects, checkoutOutcomes } from './flows';
import { creatorCardsChanged } from './modules/creators';
import { createPaymentProvider } from './modules/payments';
import { createEventBus } from './modules/realtime';
import { isActiveAdmin } from './platform/auth-guard';
import { clientKey } from './platform/client-key';
import { type Clock, systemClock } from './platform/clock';
import type { Config } from './platform/config';
import type { Database } from './platform/db';
import { devMailRoutes } from './platform/dev-mail';
import { devOutboxRoutes, hasMailbox, withDemoMailbox } from './platform/dev-outbox';
import { createDrain } from './platform/drain';
import { EARLY_CLICKS_CSP_SOURCE } from './platform/early-clicks';
import { registerErrorHandler } from './platform/error-handler';
import { AppError } from './platform/errors';
import { registerIdempotency } from './platform/idempotency';
import { safeLoggerOptions } from './platform/logging';
import { createLogMailer, createSmtpMailer } from './platform/mailer';
import { createMetrics, registerRequestMetrics } from './platform/metrics';
import { registerOriginCheck } from './platform/origin-check';
import { isUnknownNestedPage } from './platform/page-paths';
import { encodeHtml, loadPageRenderer } from './platform/page-render';
import type { Mailer, ObjectStorage, PaymentProvider } from './platform/ports';
import { registerPrivateNoStore } from './platform/private-cache';
import { postgresRateLimitStore } from './platform/rate-limit-store';
import { requestIdGenerator } from './platform/request-id';
import { resultIsMissing } from './platform/result-pages';
import { registerSecurityHeaders } from './platform/security-headers';
import { createStorage } from './platform/storage';
import { publicUploadRoutes } from './platform/storage/public-uploads';
import { tracingFastifyPlugin } from './platform/tracing';
import { loadWebShell } from './platform/web-shell';
import { registerApiRoutes, registerModuleHooks, registerPageRoutes } from './routes';

// The Fastify decorations set below are typed in platform/context.ts, from the platform's ports (decision 0074).
export type { AppDecorations } from './platform/context';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  payments?: PaymentProvider;
  /** Another storage than the configured one; the caller then closes it. */
  storage?: ObjectStorage;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole HTTP app. server.ts only listens; tests call `app.inject()`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: safeLoggerOptions(options.logger, config.logLevel),
    genReqId: requestIdGenerator(config.trustProxy),
    // Fastify ignores a bare hop count (it cannot check the peer), so a count becomes "trust the
    // nearest N hops": the operator promises that exactly N proxies stand in front of every request.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A path the router cannot decode (`/api/profiles/%`) gets the documented error shape too.
    frameworkErrors: (_error, request, raw) => {
      (raw as unknown as FastifyReply)
        .status(400)
        .header('x-request-id', request.id)
        .send({ error: { code: 'BAD_REQUEST', message: 'This address is not valid.', requestId: request.id } });
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Fastify's OpenTelemetry instrumentation, before every hook and route it is to see (decision 0061).
  const tracingPlugin = tracingFastifyPlugin();
  if (tracingPlugin) await app.register(tracingPlugin);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate(
    'drain',
    createDrain((error) => app.log.error({ err: error }, 'a drain listener failed')),
  );
  // While draining, every answer closes its connection, so a balancer's kept-alive connection does not
  // bring this instance new requests; the next one opens a connection to another instance.
  app.addHook('onRequest', async (_request, reply) => {
    if (app.drain.active) reply.header('connection', 'close');
  });
  app.decorate('metrics', createMetrics(Boolean(config.metrics.token || config.metrics.port)));
  registerRequestMetrics(app, app.metrics);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('clock', options.clock ?? systemClock);
  const mailer =
    options.mailer ??
    (config.mail.smtpUrl
      ? createSmtpMailer(config.mail.smtpUrl, config.mail.from)
      : createLogMailer(() => app.log, { production: config.env === 'production' }));
  // Issue 36: the demo keeps a copy of every mail it sends for its mailbox (/dev/outbox).
  app.decorate('mailer', config.demoMode ? withDemoMailbox(mailer) : mailer);
  // Its pooled connections to the mail server end with the app (decision 0086).
  if (!options.mailer) app.addHook('onClose', async () => mailer.close());
  app.decorate('payments', options.payments ?? createPaymentProvider(config));
  app.decorate('storage', options.storage ?? createStorage(config));
  if (!options.storage) app.addHook('onClose', async () => app.storage.close());
  // A bucket that is missing or refuses the credentials stops the start, not the first upload.
  app.addHook('onReady', async () => {
    await app.storage.check();
  });
  app.decorate(
    'events',
    createEventBus(database, () => app.log, config.eventBus),
  );
  // Effects written with a committed change are carried out by the app's handler table (decision 0022).
  app.decorate('outbox', { carryOut: (keys: readonly string[]) => carryOutEffects(app, keys) });
  // A checkout paid or given up, as the money rail hears it (webhook, test checkout, reconciler), goes to the flow.
  app.decorate('checkouts', checkoutOutcomes);
  app.addHook('onReady', async () => {
    await app.events.start();
  });
  // Browse answers are reused for a moment (decision 0017). The use cases that change what a card
  // shows announce it after their commit (issue 39, decision 0067); every instance empties its answers
  // when it hears that, and nothing else empties them: no other event, no request as such.
  app.events.onCardsChanged(() => creatorCardsChanged(app.db));
  app.addHook('preClose', async () => {
    await app.events.stop();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: server-rendered pages hold clicks made before hydration (early-clicks.ts).
        scriptSrc: ["'self'", EARLY_CLICKS_CSP_SOURCE],
        // Decision 0048: pictures come from our own storage only (a provider's copy included).
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Radix and sonner set inline styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The Threads verification popup must keep its opener to report back (spec §2 callback).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // Route limits are counted in PostgreSQL, so they hold across instances (issue 27). A database
  // hiccup lets the request through rather than failing it: the route itself then reports.
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore({ db: app.db, clock: app.clock }),
    skipOnError: true,
    // The same client key as every other limit and lease: an IPv6 client is its /64 (security review F1).
    keyGenerator: (request) => clientKey(request.ip),
  });
  await app.register(cookie);
  registerOriginCheck(app);
  registerModuleHooks(app);
  registerIdempotency(app);
  registerPrivateNoStore(app);

  await app.register(swagger, {
    openapi: { info: { title: 'Fanline API', version: '1.0.0' }, servers: [{ url: config.publicUrl }] },
    transform: jsonSchemaTransform,
  });
  // Security review I1: in production the API reference (admin routes included) is for admins only;
  // anyone else gets the same 404 as an unknown path.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiHooks:
      config.env === 'production'
        ? {
            preHandler: async (request) => {
              if (!request.auth || !(await isActiveAdmin(app, request.auth.userId)))
                throw new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`);
            },
          }
        : {},
  });

  await registerApiRoutes(app);
  // Outside production, mails that had nowhere to go can be read at /dev/outbox.
  // The unsubscribe link of every product email: a page at PUBLIC_URL/unsubscribe, outside /api.
  await registerPageRoutes(app);
  // The demo shows its mailbox too (issue 36); a real deployment never.
  if (hasMailbox(config, app.mailer)) await app.register(devOutboxRoutes, { demo: config.demoMode });
  // Outside production and in the demo, every mail template with sample data (issue 26), SMTP or not.
  if (config.env !== 'production' || config.demoMode) await app.register(devMailRoutes);

  await registerStatic(app, config);
  return app;
}

async function registerStatic(app: FastifyInstance, config: Config): Promise<void> {
  await publicUploadRoutes(app, app.storage);

  const indexHtml = path.join(config.webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  const shell = hasWeb ? loadWebShell(config.webDistDir) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies of its text assets (scripts/compress-web.mjs).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite's hashed assets never change; the HTML shell must always be fresh.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // Server-rendered HTML for /, /creators and profiles (decision 0020), when the web build has its SSR entry.
  const renderer = hasWeb ? await loadPageRenderer(app, path.join(config.webDistDir, '..', 'dist-ssr')) : null;

  // Security review F5: page views (the SSR pages and the SPA fallback) have their own, higher limit;
  // the misses of /api, /uploads and /metrics keep 60 a minute. A limited page is answered in HTML.
  const pageLimit = app.rateLimit({ max: config.pageViewsPerMinute, timeWindow: '1 minute', groupId: 'pages' });
  const missLimit = app.rateLimit({ max: 60, timeWindow: '1 minute' });
  const isPageView = (request: FastifyRequest) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // /metrics is never a page: without METRICS_TOKEN it is a plain 404 (decision 0033).
    const notAPage = url.startsWith('/api/') || url === '/api' || url.startsWith('/uploads/') || url === '/metrics';
    return Boolean(shell) && wantsPage && !notAPage;
  };
  const limitByKind = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    if (!isPageView(request)) return missLimit.call(this, request, reply);
    try {
      await pageLimit.call(this, request, reply);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode !== 429) throw error;
      // The limiter has set Retry-After; a person gets a page that says what to do, not raw JSON.
      return reply
        .status(429)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(TOO_MANY_PAGES);
    }
  };
  app.setNotFoundHandler({ preHandler: limitByKind }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (isPageView(request) && shell) {
      // History fallback: the SPA renders every route, including its own not-found page. The OAuth
      // callback runs in the popup, which comes back from the provider's origin and must still reach
      // its opener, so it alone relaxes the opener policy.
      if (url === '/auth/threads/callback') reply.header('cross-origin-opener-policy', 'unsafe-none');
      reply.type('text/html; charset=utf-8');
      const rendered = renderer && request.method === 'GET' ? await renderer.render(request) : null;
      if (rendered?.kind === 'not-found') {
        // A profile that does not exist: the shell, whose app shows the profile's not-found state.
        return reply.status(404).header('cache-control', 'no-cache').send(shell.html(url));
      }
      if (rendered?.kind === 'page') {
        // The HTML shows the visitor's session (the header's Welcome line): never kept for anyone else.
        reply.header('vary', 'cookie, accept-encoding');
        reply.header('cache-control', request.headers.cookie ? 'private, no-store' : 'no-cache');
        const { body, encoding } = await encodeHtml(request.headers['accept-encoding'], shell.page(url, rendered));
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(body);
      }
      // A nested path the app has no page for: its not-found page, said with a 404 (issue 36 §17).
      if (isUnknownNestedPage(url)) reply.status(404);
      // A payment, checkout or conversation that is not the visitor's: the page says so, and so does the status.
      else if (await resultIsMissing(app, request)) reply.status(404);
      return reply.header('cache-control', 'no-cache').send(shell.html(url));
    }
    return reply.status(404).send({
      error: { code: 'NOT_FOUND', message: `No route ${request.method} ${url}`, requestId: request.id },
    });
  });
}

const TOO_MANY_PAGES = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Too many requests · Fanline</title></head>
<body><main><h1>Too many requests</h1><p>Please wait a minute, then reload this page.</p><p><a href="/">Go to the home page</a></p></main></body></html>
`;
