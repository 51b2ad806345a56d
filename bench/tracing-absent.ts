// The bench's baseline (tracing.bench.ts): platform/tracing.ts's interface with no tracing code
// behind it, what the server was before decision 0061. Not part of any build but the bench's.
import type { TracingOptions } from '../apps/server/src/platform/tracing';

export type { TracingOptions };
export const startTracing = async (_options: TracingOptions): Promise<boolean> => false;
export const stopTracing = async (): Promise<void> => {};
export const tracingActive = (): boolean => false;
export const currentTraceparent = (): string | null => null;
export const inEffectSpan = <T>(_row: unknown, fn: () => Promise<T>): Promise<T> => fn();
export const tracingLogMixin = (): undefined => undefined;
export const tracingFastifyPlugin = (): null => null;
export const tracePglite = (_client: object): void => {};
