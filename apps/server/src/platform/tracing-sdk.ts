import { createRequire } from 'node:module';
import type { Span } from '@opentelemetry/api';
import type { FastifyPluginCallback } from 'fastify';

// The OpenTelemetry SDK (decision 0061), loaded by tracing.ts only when OTEL_EXPORTER_OTLP_ENDPOINT is
// set. Every package is imported dynamically, here, on purpose: the production server is one esbuild
// bundle, which would hoist a static import of an external package to the bundle's top and load the
// SDK on every start, tracing on or off.
//
// The instrumentations patch by a require hook, which sees a module only when it is required after the
// hook is in place. In the bundle, fastify and pg are imported (hoisted, evaluated before any code of
// ours runs), so no hook can come first. Both instrumentations patch prototypes on the module's
// exports (http's Server.prototype.emit, pg's Client.prototype.query, pg-pool's Pool.prototype.connect),
// and an ES import of a CommonJS package shares require's cache: requiring them once more below, with
// the hook in place, patches the very classes the server already holds. Fastify's own instrumentation
// (@fastify/otel) is a plugin the app registers before its routes, which needs no hook at all.

export interface TracingOptions {
  /** The OTLP/HTTP base address; `/v1/traces` is appended. Null: tracing off. */
  endpoint: string | null;
  serviceName: string;
  serviceVersion: string;
  instanceId: string;
}

/** What the SDK gives the server once it runs (tracing-sdk.ts). */
export interface ActiveTracing {
  /** The W3C traceparent of the active span, or null without one. */
  traceparent(): string | null;
  /** Runs `fn` in a span `name`, the child of `traceparent` when given (else a trace of its own). */
  inSpan<T>(
    name: string,
    traceparent: string | null,
    attributes: Record<string, string | number>,
    fn: () => Promise<T>,
  ): Promise<T>;
  /** trace_id and span_id of the active span, for log lines; empty without one. */
  logFields(): Record<string, string>;
  /** Fastify's own instrumentation (@fastify/otel), registered before the routes. */
  fastifyPlugin: FastifyPluginCallback;
  /** Traces each query of an embedded PGlite client (the pg instrumentation covers PostgreSQL). */
  tracePglite(client: object): void;
  /** Sends what is buffered and stops. */
  shutdown(): Promise<void>;
}

/** Paths polled by balancers and Prometheus: one trace each every few seconds is noise, not insight. */
const QUIET_PATHS = ['/api/health', '/metrics'];
const MAX_STATEMENT = 2000;

export async function startTracingSdk(options: TracingOptions & { endpoint: string }): Promise<ActiveTracing> {
  const [api, core, traceNode, resources, exporterHttp, instrumentation, http, pgInstrumentation, fastifyOtel] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/core'),
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/instrumentation'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@fastify/otel'),
    ]);
  const { context, trace, ROOT_CONTEXT, SpanKind, SpanStatusCode } = api;

  const provider = new traceNode.NodeTracerProvider({
    resource: resources.resourceFromAttributes({
      'service.name': options.serviceName,
      'service.version': options.serviceVersion,
      'service.instance.id': options.instanceId,
    }),
    spanProcessors: [
      new traceNode.BatchSpanProcessor(
        new exporterHttp.OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` }),
      ),
    ],
  });
  // The AsyncLocalStorage context manager and the W3C traceparent propagator, process-wide.
  provider.register();
  const tracer = provider.getTracer('fanline');
  const quiet = (url: string | undefined) => QUIET_PATHS.some((path) => url?.startsWith(path));

  const FastifyOtel = fastifyOtel.default;
  // The request and its handler, without a span per hook (about a dozen per request: noise that costs).
  const fastifyInstrumentation = new FastifyOtel({ ignorePaths: ({ url }) => quiet(url), instrumentHooks: false });
  instrumentation.registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new http.HttpInstrumentation({ ignoreIncomingRequestHook: (request) => quiet(request.url) }),
      // Only inside a request's or an effect's span: the jobs' polling would otherwise be a trace per
      // query. Statements carry placeholders, never values (no enhancedDatabaseReporting).
      new pgInstrumentation.PgInstrumentation({ requireParentSpan: true }),
      fastifyInstrumentation,
    ],
  });
  patchLoadedModules();

  const w3c = new core.W3CTraceContextPropagator();
  const endWith = (span: Span, error: unknown) => {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
  };

  return {
    traceparent() {
      const carrier: Record<string, string> = {};
      w3c.inject(context.active(), carrier, api.defaultTextMapSetter);
      return carrier.traceparent ?? null;
    },
    inSpan(name, traceparent, attributes, fn) {
      const parent = traceparent
        ? w3c.extract(ROOT_CONTEXT, { traceparent }, api.defaultTextMapGetter)
        : context.active();
      return tracer.startActiveSpan(name, { kind: SpanKind.CONSUMER, attributes }, parent, async (span) => {
        try {
          return await fn();
        } catch (error) {
          endWith(span, error);
          throw error;
        } finally {
          span.end();
        }
      });
    },
    logFields(): Record<string, string> {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
    fastifyPlugin: fastifyInstrumentation.plugin(),
    tracePglite(client) {
      patchPglite(client as PgliteLike, (statement, run) => {
        if (!trace.getActiveSpan()) return run();
        const text = typeof statement === 'string' ? statement : '';
        const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
        const span = tracer.startSpan(`pglite ${operation}`, {
          kind: SpanKind.CLIENT,
          attributes: {
            'db.system.name': 'postgresql',
            'db.operation.name': operation,
            'db.query.text': text.slice(0, MAX_STATEMENT),
          },
        });
        return context.with(trace.setSpan(context.active(), span), run).then(
          (result) => {
            span.end();
            return result;
          },
          (error: unknown) => {
            endWith(span, error);
            span.end();
            throw error;
          },
        );
      });
    },
    shutdown: () => provider.shutdown(),
  };
}

/** Requires, with the hooks in place, the modules the server has already imported (see above). */
function patchLoadedModules(): void {
  const require = createRequire(import.meta.url);
  require('node:http');
  require('node:https');
  const pgMain = require.resolve('pg');
  require('pg');
  // pg's own copy of pg-pool, the one its Pool extends.
  createRequire(pgMain)('pg-pool');
}

type Run = () => Promise<unknown>;
interface PgliteLike {
  query(...args: unknown[]): Promise<unknown>;
  exec(...args: unknown[]): Promise<unknown>;
  transaction(callback: (tx: PgliteLike) => Promise<unknown>): Promise<unknown>;
}

/**
 * PGlite is no pg: no instrumentation knows it. Its client's queries, and those of the transaction
 * object Drizzle runs a transaction's statements on, go through `traced`.
 */
function patchPglite(client: PgliteLike, traced: (statement: unknown, run: Run) => Promise<unknown>): void {
  const wrap = (target: PgliteLike) => {
    const query = target.query.bind(target);
    const exec = target.exec.bind(target);
    target.query = (...args: unknown[]) => traced(args[0], () => query(...args));
    target.exec = (...args: unknown[]) => traced(args[0], () => exec(...args));
  };
  wrap(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      wrap(tx);
      return callback(tx);
    });
}
