import type { z } from 'zod';
import type { Effect } from './enqueue';
import { EffectRefused } from './refused';
import type { OutboxRow } from './run-outbox';

/**
 * One kind of effect (decision 0039): its name, the version of its payload, and the zod schema of that
 * payload. The module that owns the kind defines it once; its writers build rows with `make` (typed by
 * the schema), and the runner checks every claimed row against the same schema before the handler
 * sees it. A payload change that old rows cannot pass raises `version` and keeps the old shape in the
 * schema (a union) until no row of it is left.
 */
export interface EffectDefinition<K extends string = string, P = unknown> {
  readonly kind: K;
  readonly version: number;
  readonly schema: z.ZodType<P>;
  /** One typed outbox row: `key` names the effect once and for all (the same key twice is one row). */
  make(key: string, payload: P, order?: { orderingKey?: string | null; after?: string | null }): Effect<K, P>;
}

export function defineEffect<K extends string, S extends z.ZodType>(
  kind: K,
  schema: S,
  version = 1,
): EffectDefinition<K, z.output<S>> {
  return {
    kind,
    version,
    schema: schema as unknown as z.ZodType<z.output<S>>,
    make: (key, payload, order = {}) => ({ kind, key, payload, version, ...order }),
  };
}

/** The payload type of a definition. */
export type PayloadOf<D> = D extends EffectDefinition<string, infer P> ? P : never;

/** What carries out one kind: given the validated payload and the claimed row. */
export type EffectHandler<C, P> = (ctx: C, payload: P, row: OutboxRow) => Promise<unknown>;

export interface RegistryEntry<C> {
  definition: EffectDefinition<string, unknown>;
  handler: EffectHandler<C, unknown>;
}

/** A definition with its handler: one registry entry (the composition, src/flows/effects.ts, pairs them). */
export function handled<C, K extends string, P>(
  definition: EffectDefinition<K, P>,
  handler: EffectHandler<C, P>,
): RegistryEntry<C> {
  return {
    definition: definition as unknown as EffectDefinition<string, unknown>,
    handler: handler as EffectHandler<C, unknown>,
  };
}

/**
 * Every kind the app carries out, each once (decision 0039). The outbox owns the registry; the
 * handlers come from the composition above it, so the outbox imports no module.
 */
export class EffectRegistry<C> {
  private readonly entries = new Map<string, RegistryEntry<C>>();

  constructor(entries: readonly RegistryEntry<C>[]) {
    for (const entry of entries) {
      if (this.entries.has(entry.definition.kind)) {
        throw new Error(`the effect kind ${entry.definition.kind} is registered twice`);
      }
      this.entries.set(entry.definition.kind, entry);
    }
  }

  kinds(): string[] {
    return [...this.entries.keys()];
  }

  /**
   * Checks a claimed row and runs its handler. Throws EffectRefused for an unknown kind or a malformed
   * payload; a row written by a newer build (a higher version, during a rolling deploy) is an ordinary
   * failure, retried until an instance that knows it claims it.
   */
  async run(ctx: C, row: OutboxRow): Promise<void> {
    const entry = this.entries.get(row.kind);
    if (!entry) throw new EffectRefused(`unknown effect kind "${row.kind}": no handler is registered for it`);
    const { definition, handler } = entry;
    if (row.version > definition.version) {
      throw new Error(
        `"${row.kind}" version ${row.version} was written by a newer build (this one knows ${definition.version})`,
      );
    }
    const parsed = definition.schema.safeParse(row.payload);
    if (!parsed.success) {
      const fields = parsed.error.issues
        .slice(0, 5)
        .map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.code}`)
        .join('; ');
      throw new EffectRefused(`malformed payload for "${row.kind}" version ${row.version}: ${fields}`);
    }
    await handler(ctx, parsed.data, row);
  }
}
