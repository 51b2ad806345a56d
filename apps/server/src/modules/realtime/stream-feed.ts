import type { TRealtimeEvent } from '@fanline/contracts';
import type { StreamListener } from './bus-parts';
import type { EventBus, Replayed } from './event-bus';

/** Writes one SSE event: with its id, without one (`null`: its place is not known yet), or only an id. */
export type SendEvent = (event: TRealtimeEvent | null, id: string | null) => void;

/**
 * Feeds one open stream (issue 27, point 4; issue 39): a stream that reconnects with `Last-Event-ID`
 * first gets what it missed on its channels, or `resync` (the page refetches all it shows) when that
 * id is no longer known; then its position, so its next reconnect continues from there; then live
 * events. Events heard while a replay is read (from JetStream, asynchronously) wait and go out after
 * it, those it already gave dropped. Returns the unsubscribe.
 *
 * The id a stream sends back moves only in the cluster's order: an event this instance hands over at
 * its commit goes out without one, and its id follows when its copy comes back through the bus, after
 * every event ordered before it. A reconnect may then repeat it (harmless), never skip one.
 */
export function followStream(
  bus: EventBus,
  opts: { lastEventId: string | string[] | undefined; channels: readonly string[]; send: SendEvent },
): () => void {
  const { send } = opts;
  const early = new Set<string>();
  const hear: StreamListener = (event, id, how, localId = id) => {
    if (how === 'local') {
      if (early.size >= 1000) early.clear();
      early.add(id);
      send(event, null);
    } else if (how === 'echo' && early.delete(localId)) send(null, id);
    else send(event, id);
  };
  let waiting: Array<Parameters<StreamListener>> | null = [];
  let position = '';
  const listener: StreamListener = (...heard) => {
    if (waiting) waiting.push(heard);
    else if (heard[2] === 'local' || bus.follows(heard[1], position)) hear(...heard);
  };
  const unsubscribes = opts.channels.map((channel) => bus.subscribeStream(channel, listener));
  const catchUp = (replayed: Replayed | null) => {
    if (replayed === null) {
      position = bus.head();
      send({ type: 'resync' }, position);
    } else {
      for (const { id, event } of replayed.events) send(event, id);
      position = replayed.position;
      send(null, position);
    }
    const held = waiting ?? [];
    waiting = null;
    for (const heard of held) listener(...heard);
  };
  const lastId = opts.lastEventId;
  if (typeof lastId !== 'string' || !lastId) catchUp({ events: [], position: bus.head() });
  else {
    const replayed = bus.replay(lastId, opts.channels);
    if (replayed instanceof Promise) replayed.then(catchUp, () => catchUp(null));
    else catchUp(replayed);
  }
  return () => {
    for (const stop of unsubscribes) stop();
  };
}
