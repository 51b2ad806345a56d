// The outbox module's front door (decision 0022): effects written in a change's own transaction and
// carried out after its commit, with retries. It knows no module: what each kind of effect does is the
// composition's handler table (src/flows/effects.ts).
export { outboxBacklog } from './backlog';
export { type Effect, effectsPart, enqueueEffects } from './enqueue';
export { LEASE_MS, MAX_ATTEMPTS, type OutboxRow, retryDelayMs, runOutbox } from './run-outbox';

/** What the app hands every use case (`ctx.outbox`): carry out the effects of these keys now. */
export interface OutboxRunner {
  carryOut(keys: readonly string[]): Promise<unknown>;
}
