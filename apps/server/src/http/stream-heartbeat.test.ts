import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, test } from 'vitest';
import { ManualClock } from '../platform/clock';
import type { Db } from '../platform/db';
import { createStreamHeartbeat, type HeartbeatStream } from './stream-heartbeat';

// Issue 39: an instance's streams re-check their sessions in one statement a heartbeat.
const log = { warn: () => {} } as unknown as FastifyBaseLogger;

function setUp(answer: (ids: string[]) => Promise<Set<string>>) {
  const asked: string[][] = [];
  const heartbeat = createStreamHeartbeat({
    db: {} as Db,
    clock: new ManualClock(),
    log,
    liveSessionIds: async ({ sessionIds }) => {
      asked.push(sessionIds);
      return answer(sessionIds);
    },
  });
  const ended: string[] = [];
  const add = (sessionId: string) => {
    const stream: HeartbeatStream = { sessionId, ping: () => {}, end: () => ended.push(sessionId) };
    return heartbeat.add(stream);
  };
  return { heartbeat, asked, ended, add };
}

describe('the streams’ session check', () => {
  test('1,000 streams of 500 sessions: one question with each session once; the dead ones’ streams end', async () => {
    const { heartbeat, asked, ended, add } = setUp(async (ids) => new Set(ids.filter((id) => id !== 's7')));
    for (let i = 0; i < 1000; i++) add(`s${i % 500}`);
    await heartbeat.check();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toHaveLength(500);
    expect(ended).toEqual(['s7', 's7']);
  });

  test('a database failure ends nothing; a removed stream is not asked about', async () => {
    const failing = setUp(async () => {
      throw new Error('connection lost');
    });
    failing.add('a');
    await failing.heartbeat.check();
    expect(failing.ended).toEqual([]);

    const { heartbeat, asked, add } = setUp(async (ids) => new Set(ids));
    const remove = add('gone');
    add('kept');
    remove();
    await heartbeat.check();
    expect(asked).toEqual([['kept']]);
  });
});
