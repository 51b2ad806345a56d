import type { TRealtimeEvent } from '@fanline/contracts';
import type { Listener, RevocationListener, StreamListener } from '../../platform/ports';

// The listener types are the event bus port's (decision 0074).
export type { Listener, RevocationListener, StreamListener };

/** What a bus sends between instances (NOTIFY payload or NATS message body). */
export interface Payload {
  u: string[];
  e?: TRealtimeEvent;
  ended?: true;
  /** Something creator cards show changed (cardsChanged). */
  cards?: true;
  /** The publishing instance and the event's number there. */
  o?: string;
  n?: number;
}

/** The listeners one instance holds, by user, and its hand-over to them. */
export class Listeners {
  readonly plain = new Map<string, Set<Listener>>();
  readonly streams = new Map<string, Set<StreamListener>>();
  readonly revocations = new Map<string, Set<RevocationListener>>();
  readonly anyEvent = new Set<() => void>();
  readonly anyEnded = new Set<(userIds: string[]) => void>();
  readonly cards = new Set<() => void>();

  /** `instance`: this bus's own id, whose card announcements ran here when they were made. */
  constructor(private readonly instance: string) {}

  handOver(userIds: string[], event: TRealtimeEvent, id: string, how: 'heard' | 'local'): void {
    for (const listener of this.anyEvent) listener();
    for (const userId of userIds) {
      for (const listener of this.plain.get(userId) ?? []) listener(event, id);
      for (const listener of this.streams.get(userId) ?? []) listener(event, id, how);
    }
  }

  echo(userIds: string[], event: TRealtimeEvent, id: string, localId: string): void {
    for (const userId of userIds)
      for (const listener of this.streams.get(userId) ?? []) listener(event, id, 'echo', localId);
  }

  /** A control word: cards changed, or some sessions of these users ended. */
  control({ u, ended, cards, o }: Payload): void {
    if (cards) {
      // This instance's own announcement already ran its listeners when it was made (cardsChanged).
      if (o === this.instance) return;
      for (const listener of this.cards) listener();
      // The onAnyEvent listeners too, as for an event (caches that listen to both).
      for (const listener of this.anyEvent) listener();
      return;
    }
    if (!ended) return;
    for (const listener of this.anyEnded) listener(u);
    for (const userId of u) for (const listener of this.revocations.get(userId) ?? []) listener();
  }

  clear(): void {
    this.plain.clear();
    this.streams.clear();
    this.revocations.clear();
    this.anyEvent.clear();
    this.anyEnded.clear();
    this.cards.clear();
  }

  /** Runs this instance's card listeners at once (its own announcement). */
  cardsChangedHere(): void {
    for (const listener of this.cards) listener();
  }
}

export function addTo<T>(map: Map<string, Set<T>>, userId: string, listener: T): () => void {
  const set = map.get(userId) ?? new Set<T>();
  set.add(listener);
  map.set(userId, set);
  return () => {
    set.delete(listener);
    if (set.size === 0 && map.get(userId) === set) map.delete(userId);
  };
}

/** How long an event's number is remembered: far longer than its copy takes to come back. */
export const SEEN_FOR_MS = 60_000;

/**
 * Keys seen once, forgotten when seen the second time or after `forMs` (a copy that never comes
 * back: a caller that did not call DeliverHere, a connection lost meanwhile).
 */
export class SeenOnce<K> {
  private readonly at = new Map<K, number>();
  constructor(private readonly forMs: number) {}

  /** True the first time a key is offered, false the second. */
  first(key: K): boolean {
    if (this.at.delete(key)) return false;
    const now = Date.now();
    // Oldest first (a Map keeps insertion order): drop what has waited too long.
    for (const [old, since] of this.at) {
      if (now - since < this.forMs) break;
      this.at.delete(old);
    }
    this.at.set(key, now);
    return true;
  }
}
