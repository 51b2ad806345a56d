import type { TRealtimeEvent } from '@fanline/contracts';

/** How far back a reconnecting stream can catch up: whichever bound comes first. */
export const REPLAY_MAX_EVENTS = 10_000;
export const REPLAY_MAX_AGE_MS = 5 * 60_000;

interface Heard {
  id: string;
  userIds: string[];
  event: TRealtimeEvent;
  at: number;
}

/**
 * Issue 27, point 4: the events this instance heard through LISTEN, in the order it heard them.
 * PostgreSQL delivers notifications to every listener in commit order, so every instance holds the
 * same sequence and an event id read on one instance finds its place on another. A stream that
 * reconnects with `Last-Event-ID` gets, for its own channels, what came after that id.
 */
export class ReplayBuffer {
  private entries: Heard[] = [];
  /** Index in `entries` of the oldest kept event. */
  private first = 0;
  private readonly position = new Map<string, number>();
  /** Sequence number of entries[0] (grows as the array is compacted). */
  private base = 0;
  private evicted = false;
  /** The id of "before anything this instance heard", valid while nothing was evicted. */
  readonly startId: string;

  constructor(
    instance: string,
    private readonly now: () => number = Date.now,
    private readonly maxEvents = REPLAY_MAX_EVENTS,
    private readonly maxAgeMs = REPLAY_MAX_AGE_MS,
  ) {
    this.startId = `start.${instance}`;
  }

  record(id: string, userIds: string[], event: TRealtimeEvent): void {
    const at = this.now();
    this.position.set(id, this.base + this.entries.length);
    this.entries.push({ id, userIds, event, at });
    this.evictOld(at);
  }

  /** The id a new stream starts from: the last event heard, so a reconnect replays what follows it. */
  head(): string {
    const last = this.entries[this.entries.length - 1];
    return last && this.entries.length > this.first ? last.id : this.startId;
  }

  /**
   * The events after `lastId` that name one of `channels`, oldest first; null when `lastId` is not
   * here (heard before this instance started, evicted, or never sent by this cluster).
   */
  after(lastId: string, channels: readonly string[]): Array<{ id: string; event: TRealtimeEvent }> | null {
    this.evictOld(this.now());
    let from: number;
    if (lastId === this.startId && !this.evicted) from = this.first;
    else {
      const seq = this.position.get(lastId);
      if (seq === undefined) return null;
      from = seq - this.base + 1;
    }
    const out: Array<{ id: string; event: TRealtimeEvent }> = [];
    for (let i = from; i < this.entries.length; i++) {
      const heard = this.entries[i] as Heard;
      if (heard.userIds.some((u) => channels.includes(u))) out.push({ id: heard.id, event: heard.event });
    }
    return out;
  }

  private evictOld(now: number): void {
    while (this.first < this.entries.length) {
      const oldest = this.entries[this.first] as Heard;
      const kept = this.entries.length - this.first;
      if (kept <= this.maxEvents && now - oldest.at <= this.maxAgeMs) break;
      this.position.delete(oldest.id);
      this.first += 1;
      this.evicted = true;
    }
    // Compact now and then, so the array does not grow without bound.
    if (this.first > 1024 && this.first * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.first);
      this.base += this.first;
      this.first = 0;
    }
  }
}
