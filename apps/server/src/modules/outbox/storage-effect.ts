import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { defineEffect } from './registry';

/**
 * A stored file the database no longer points at is deleted (decision 0039): written in the
 * transaction that let go of it (a replaced avatar or image, a pruned attachment), so a failing bucket
 * is retried instead of leaving the object behind for good. Deleting a missing object is a success,
 * so a repeat is harmless. A platform effect: the outbox defines it, the composition registers it.
 */
export const storageDeleteDefinition = defineEffect('storage-delete', z.object({ objectKey: z.string().min(1) }));

/** One row per object: its key names the effect, so the same object is deleted once. */
export function storageDeleteEffect(objectKey: string) {
  return storageDeleteDefinition.make(`storage-delete:${objectKey}`, { objectKey });
}

export async function deleteStoredObject(ctx: Pick<AppContext, 'storage'>, payload: { objectKey: string }) {
  await ctx.storage.delete(payload.objectKey);
}
