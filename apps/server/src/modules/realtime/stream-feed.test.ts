import type { TRealtimeEvent } from '@fanline/contracts';
import { describe, expect, test } from 'vitest';
import type { StreamListener } from './bus-parts';
import type { EventBus, Replayed } from './event-bus';
import { followStream } from './stream-feed';

const note = (n: number): TRealtimeEvent => ({ type: 'notification', notificationId: `n${n}` });

/** A bus whose ids are sequence numbers and whose replay resolves when the test says (as JetStream's). */
function fakeBus(head: number) {
  // One entry per subscription (a stream subscribes one listener per channel).
  const listeners = new Set<{ listener: StreamListener }>();
  let resolveReplay: (replayed: Replayed | null) => void = () => {};
  const bus = {
    subscribeStream: (_user: string, listener: StreamListener) => {
      const entry = { listener };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    head: () => String(head),
    replay: () =>
      new Promise<Replayed | null>((resolve) => {
        resolveReplay = resolve;
      }),
    follows: (id: string, position: string) => !/^\d+$/.test(id) || Number(id) > Number(position),
  } as unknown as EventBus;
  return {
    bus,
    hear: (event: TRealtimeEvent, id: string, how: 'heard' | 'local' | 'echo' = 'heard', localId?: string) => {
      for (const { listener } of listeners) listener(event, id, how, localId);
    },
    finishReplay: (replayed: Replayed | null) => resolveReplay(replayed),
    listening: () => listeners.size,
  };
}

function recorder() {
  const sent: Array<[string | null, string | null]> = [];
  return {
    sent,
    send: (event: TRealtimeEvent | null, id: string | null) => {
      sent.push([event && event.type === 'notification' ? event.notificationId : (event?.type ?? null), id]);
    },
  };
}

describe('followStream (decision 0066)', () => {
  test('events heard while a replay is read wait; those it gave are dropped, later ones follow in order', async () => {
    const { bus, hear, finishReplay } = fakeBus(10);
    const { sent, send } = recorder();
    followStream(bus, { lastEventId: '5', channels: ['u'], send });
    hear(note(7), '7');
    hear(note(12), '12');
    expect(sent).toEqual([]);
    finishReplay({ events: [{ id: '7', event: note(7) }], position: '11' });
    await Promise.resolve();
    expect(sent).toEqual([
      ['n7', '7'],
      [null, '11'],
      ['n12', '12'],
    ]);
    hear(note(13), '13');
    expect(sent.at(-1)).toEqual(['n13', '13']);
  });

  test('an unknown id gets resync at the head, then live events', async () => {
    const { bus, hear, finishReplay } = fakeBus(20);
    const { sent, send } = recorder();
    followStream(bus, { lastEventId: 'gone', channels: ['u'], send });
    finishReplay(null);
    await Promise.resolve();
    hear(note(21), '21');
    expect(sent).toEqual([
      ['resync', '20'],
      ['n21', '21'],
    ]);
  });

  test('an event handed over here goes out without an id; its echo sends only the id', () => {
    const { bus, hear } = fakeBus(3);
    const { sent, send } = recorder();
    followStream(bus, { lastEventId: undefined, channels: ['u'], send });
    hear(note(4), 'me-1', 'local');
    hear(note(4), '4', 'echo', 'me-1');
    expect(sent).toEqual([
      [null, '3'],
      ['n4', null],
      [null, '4'],
    ]);
  });

  test('the unsubscribe stops it, also before its replay ends', () => {
    const { bus, listening } = fakeBus(1);
    const stop = followStream(bus, { lastEventId: '0', channels: ['u', 'admins'], send: () => {} });
    expect(listening()).toBe(2);
    stop();
    expect(listening()).toBe(0);
  });
});
