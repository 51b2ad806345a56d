// The outbox runner port (decision 0074): what the app hands every use case as `ctx.outbox`. The runner
// itself (claims, retries, the effects' definitions) stays in the outbox module; the app wires it.

/** Carry out the effects of these keys now. */
export interface OutboxRunner {
  carryOut(keys: readonly string[]): Promise<unknown>;
}
