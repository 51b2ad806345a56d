// The event bus port (decision 0074): what a use case handed `ctx.events` may call. Its type lives in the
// platform, below every module; the PostgreSQL and NATS buses stay in the realtime module.
import type { TRealtimeEvent } from '@fanline/contracts';
import type { Db } from '../db';

/** Hears an event with its cluster-wide id (the SSE `id:` of the event). */
export type Listener = (event: TRealtimeEvent, id: string) => void;
/**
 * How a stream hears an event: `heard` from the bus in the cluster's order, `local` handed over by
 * this instance at its commit (ahead of its copy through the bus), `echo` that copy arriving later:
 * the event's place in the cluster's order, for a stream's Last-Event-ID (stream-feed.ts). An echo
 * names the `local` id it answers (`localId`) when its own id differs.
 */
export type StreamListener = (
  event: TRealtimeEvent,
  id: string,
  how: 'heard' | 'local' | 'echo',
  localId?: string,
) => void;
export type RevocationListener = () => void;

/**
 * Hands published events to this instance's own streams at once. Published without a transaction,
 * the bus calls it itself; given one (`via`), the caller calls it once that transaction has
 * committed, never before. On the PostgreSQL bus an uncalled one still lets the events arrive through
 * LISTEN, a moment later; on the NATS bus it is what publishes them (decision 0066): call it.
 */
export type DeliverHere = () => void;

/** What a reconnecting stream missed, and the position (an event id) it has everything up to. */
export interface Replayed {
  events: Array<{ id: string; event: TRealtimeEvent }>;
  position: string;
}

/** Realtime fan-out (ARCHITECTURE §1); the buses are in modules/realtime. */
export interface EventBus {
  /**
   * Sends each event to the streams of the users it names, in one statement. Given the transaction
   * that makes the change (`via`), the events go out when it commits and never if it rolls back, with
   * no round trip after the commit (issue 14: delivery latency).
   */
  publish(userIds: string[], event: TRealtimeEvent, via?: Db): Promise<DeliverHere>;
  /** Several events in one statement. */
  publishAll(events: Array<{ userIds: string[]; event: TRealtimeEvent }>, via?: Db): Promise<DeliverHere>;
  /**
   * Numbers these events and gives the NOTIFY payloads that carry them, for a statement of the
   * caller's that sends them with `notifyCall` (a statement rendered once: issue 14, SSE delivery).
   * `deliverHere` as publish's: once that statement's transaction has committed.
   */
  stage(events: Array<{ userIds: string[]; event: TRealtimeEvent }>): {
    /** null where nothing goes through PostgreSQL (the NATS bus publishes at deliverHere). */
    payloads: Array<string | null>;
    deliverHere: DeliverHere;
  };
  subscribe(userId: string, listener: Listener): () => void;
  /** subscribe, also told how each event came and when a locally handed-over one is heard. */
  subscribeStream(userId: string, listener: StreamListener): () => void;
  /**
   * Tells every instance that some sessions of these users ended (sign-out, password change or
   * reset), so their open streams re-check their own session at once.
   */
  sessionsEnded(userIds: string[]): Promise<void>;
  onSessionsEnded(userId: string, listener: RevocationListener): () => void;
  /** Hears every such announcement, whoever it names (the session cache forgets those users' rows). */
  onAnySessionsEnded(listener: (userIds: string[]) => void): () => void;
  /** Hears every event any instance publishes, whoever it names (caches of shared reads). */
  onAnyEvent(listener: () => void): () => void;
  /**
   * Tells every instance that something a creator card shows has changed. This instance's
   * onCardsChanged listeners run at once, before this returns; the others' (and their onAnyEvent
   * listeners) when the announcement reaches them.
   */
  cardsChanged(): Promise<void>;
  /** Hears every cardsChanged announcement, from any instance (the browse cache empties). */
  onCardsChanged(listener: () => void): () => void;
  /** The id a new stream starts from (the last event this instance heard). */
  head(): string;
  /**
   * The events after `lastId` for `channels`, in the cluster's order; null when `lastId` is unknown
   * (the stream resyncs). At once from this instance's ring (PostgreSQL), or read from JetStream (NATS).
   */
  replay(lastId: string, channels: readonly string[]): Replayed | null | Promise<Replayed | null>;
  /** Whether the event `id` comes after `position` (a replay's end): false for what it already gave. */
  follows(id: string, position: string): boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Whether this instance hears the other instances now (issue 40): its LISTEN connection is up, or it
   * is connected to NATS. False before start and while reconnecting (`fanline_event_bus_connected`).
   */
  connected(): boolean;
}
