import type { FastifyPluginCallback } from 'fastify';
// Types only (erased): the SDK module itself is imported below, when tracing is on.
import type { ActiveTracing, TracingOptions } from './tracing-sdk';

export type { TracingOptions };

// OpenTelemetry traces (issue 40, decision 0061), off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. This
// file is what the rest of the server calls, and it imports nothing of OpenTelemetry: the SDK
// (tracing-sdk.ts) is loaded by a dynamic import only when tracing is turned on, so with it off no
// OpenTelemetry module is even loaded and every call here is a null check. The SDK's registration is
// global to the process (one tracer provider, one context manager), hence the one `active` below.

let active: ActiveTracing | null = null;

/** Starts tracing when an endpoint is configured; true when it runs. Before the app is built. */
export async function startTracing(options: TracingOptions): Promise<boolean> {
  if (!options.endpoint) return false;
  if (!active) {
    const { startTracingSdk } = await import('./tracing-sdk');
    active = await startTracingSdk({ ...options, endpoint: options.endpoint });
  }
  return true;
}

export async function stopTracing(): Promise<void> {
  const stopping = active;
  active = null;
  await stopping?.shutdown();
}

export function tracingActive(): boolean {
  return active !== null;
}

/** The active span's traceparent, stored with an outbox effect (decision 0061); null when off. */
export function currentTraceparent(): string | null {
  return active ? active.traceparent() : null;
}

/** An outbox effect carried out in a span of its writer's trace; just `fn()` when tracing is off. */
export function inEffectSpan<T>(
  row: { kind: string; key: string; attempts: number; traceContext: string | null },
  fn: () => Promise<T>,
): Promise<T> {
  if (!active) return fn();
  return active.inSpan(
    `outbox ${row.kind}`,
    row.traceContext,
    { 'fanline.outbox.kind': row.kind, 'fanline.outbox.key': row.key, 'fanline.outbox.attempt': row.attempts },
    fn,
  );
}

/** pino's mixin that puts trace_id and span_id on log lines; undefined (no mixin at all) when off. */
export function tracingLogMixin(): (() => Record<string, string>) | undefined {
  const tracing = active;
  return tracing ? () => tracing.logFields() : undefined;
}

export function tracingFastifyPlugin(): FastifyPluginCallback | null {
  return active?.fastifyPlugin ?? null;
}

export function tracePglite(client: object): void {
  active?.tracePglite(client);
}
