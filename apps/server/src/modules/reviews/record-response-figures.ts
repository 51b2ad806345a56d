import { sql } from 'drizzle-orm';
import { creatorStats } from '../../db/schema';
import type { Db } from '../../platform/db';

/** A creator's response figures as the messages module computes them (ARCHITECTURE §3a, decision 0026). */
export interface ResponseFigures {
  creatorId: string;
  /** Percentage 0–100, one decimal. */
  responseRate: number;
  /** Mean seconds from payment to reply over the answered paid messages; null until one is answered. */
  avgResponseSeconds: number | null;
}

/**
 * Stores the response figures the messages module computed (decision 0072: creator_stats has one
 * writer, this module, and messages sits above it, so it hands its figures in as data), in the
 * caller's transaction. One statement for any number of creators (the expiry job's batch).
 */
export async function recordResponseFigures(tx: Db, figures: readonly ResponseFigures[]): Promise<void> {
  if (figures.length === 0) return;
  await tx
    .insert(creatorStats)
    .values(figures.map((f) => ({ ...f })))
    .onConflictDoUpdate({
      target: creatorStats.creatorId,
      set: {
        responseRate: sql`excluded.response_rate`,
        avgResponseSeconds: sql`excluded.avg_response_seconds`,
        updatedAt: sql`now()`,
      },
    });
}
