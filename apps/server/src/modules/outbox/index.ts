// The outbox module's front door (decisions 0022, 0039): effects written in a change's own transaction
// and carried out after its commit, with retries. It knows no module: each kind is defined by the module
// that owns it (`defineEffect`), and the composition (src/flows/effects.ts) pairs each definition with
// its handler in one EffectRegistry, which checks every claimed row against its kind's schema.

/** What the app hands every use case (`ctx.outbox`): a port in the platform (decision 0074). */
export type { OutboxRunner } from '../../platform/ports';
export { outboxBacklog } from './backlog';
export { type Effect, effectsPart, enqueueEffects } from './enqueue';
export { eraseFromPayloads } from './erase-payloads';
export {
  type DeadEffect,
  type DeadEffectChange,
  dropDeadEffect,
  effectWritten,
  forgetOldOutboxKeys,
  isPrunedKey,
  listDeadEffects,
  pruneOutbox,
  retryDeadEffect,
} from './manage';
export { EffectRefused } from './refused';
export {
  defineEffect,
  type EffectDefinition,
  type EffectHandler,
  EffectRegistry,
  handled,
  type PayloadOf,
  type RegistryEntry,
} from './registry';
export {
  CONCURRENCY,
  LEASE_MS,
  MAX_ATTEMPTS,
  type OutboxRow,
  retryDelayMs,
  runOutbox,
  type StuckChain,
  stuckChain,
} from './run-outbox';
export { deleteStoredObject, storageDeleteDefinition, storageDeleteEffect } from './storage-effect';
