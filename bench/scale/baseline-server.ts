// The raw baseline of the scale bench: node:http + pg (the product's driver, a pool of 10 like the
// product's, the same int8/numeric parsers), no framework. For each scenario it sends the statements
// the product sent (captured at the driver, same text and parameters; timestamp parameters move with
// the clock), named (prepared once per connection) where the product named them, and writes the same
// JSON the product answers, so the difference between the two servers is the product's own per-request
// work, not PostgreSQL parsing and planning that only one of them skips. Prints `listening <url>` once
// ready. Run by scale.bench.ts.
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import type { BaselineRoute } from './common';

const url = process.env.DATABASE_URL;
const specPath = process.env.BENCH_SPEC;
if (!url || !specPath) throw new Error('baseline-server: DATABASE_URL and BENCH_SPEC are required');
pg.types.setTypeParser(20, (v: string) => Number(v));
pg.types.setTypeParser(1700, (v: string) => Number(v));
const pool = new pg.Pool({ connectionString: url, max: 10 });
pool.on('error', () => {});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

interface Prepared {
  route: BaselineRoute;
  statements: Array<{ text: string; params: unknown[]; dateParams: number[]; name: string | undefined }>;
}

/** A scenario is its path and its cookie: the fan's list and the creator's inbox share a path. */
const routeKey = (path: string, cookie: string | undefined) => `${path}\n${cookie ?? ''}`;
const routes = new Map<string, Prepared>();
/** One name per prepared text, as the product has (a text shared by two scenarios is one statement). */
const names = new Map<string, string>();
const nameOf = (text: string) => {
  let name = names.get(text);
  if (!name) {
    name = `baseline_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
};
for (const route of JSON.parse(fs.readFileSync(specPath, 'utf8')) as BaselineRoute[]) {
  routes.set(routeKey(route.path, route.cookie), {
    route,
    statements: route.statements.map((s) => ({
      text: s.text,
      params: s.params,
      dateParams: s.params.flatMap((p, i) => (typeof p === 'string' && ISO.test(p) ? [i] : [])),
      name: s.prepared ? nameOf(s.text) : undefined,
    })),
  });
}

type Row = Record<string, unknown>;

const SPECIAL_COLUMNS: Record<string, string> = { isOnline: 'exists', pauseReason: 'case' };
const column = (key: string) => SPECIAL_COLUMNS[key] ?? key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const pick = (row: Row, keys: string[]) => {
  const out: Row = {};
  for (const key of keys) out[key] = row[column(key)];
  return out;
};
const cursor = (value: unknown, id: unknown) => Buffer.from(JSON.stringify([value, id])).toString('base64url');
const SORT_COLUMN: Record<string, string> = {
  response_rate_desc: 'response_rate',
  price_asc: 'message_price',
  price_desc: 'message_price',
  recent: 'updated_at',
  new: 'created_at',
};

function render(prepared: Prepared, results: Row[][]): unknown {
  const { route } = prepared;
  const { item } = route.keyOrder;
  if (route.kind === 'browse') {
    // One statement reads the page's cards; a search (decision 0085) finds the page's ids and sort
    // values first, then reads their cards by id in a second statement.
    const rows = results[0] ?? [];
    const cards = new Map((results[results.length - 1] ?? []).map((card) => [card.id, card]));
    const limit = route.limit ?? 20;
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const sort = new URL(route.path, 'http://x').searchParams.get('sort') ?? 'response_rate_desc';
    const raw = last?.[SORT_COLUMN[sort] ?? 'response_rate'];
    const value = route.cursorKind === 'timestamp' ? raw : Number(raw);
    return {
      creators: page.flatMap((row) => {
        const card = cards.get(row.id);
        return card ? [pick(card, item)] : [];
      }),
      nextCursor: rows.length > limit && last ? cursor(value, last.id) : null,
    };
  }
  if (route.kind === 'profile') {
    const row = results[0]?.[0];
    return row ? pick(row, item) : null;
  }
  // conversations: the session lookup when the product's session cache was cold (none otherwise),
  // then the list, whose rows bring most of their JSON as text (the other party's and the members that
  // do not move with the clock, kept by the database); the rest is written around it.
  const sessionAt = prepared.statements.findIndex((s) => /from "sessions"/.test(s.text));
  if (sessionAt >= 0 && (results[sessionAt]?.length ?? 0) === 0) return null;
  const fetched = results[results.length - 1] ?? [];
  const rows = fetched.slice(0, route.limit ?? fetched.length);
  const last = rows.at(-1);
  const nextCursor = fetched.length > rows.length && last ? cursor(last.activity_key, last.conversationId) : null;
  const json = JSON.stringify;
  const conversation = (row: Row) =>
    `{"conversationId":${json(row.conversationId)},"lastMessageId":${json(row.lastMessageId)},` +
    `"otherParty":${row.otherParty},${row.summary},"pendingCount":${row.pendingCount},"waitingCount":${row.waitingCount}}`;
  return `{"conversations":[${rows.map(conversation).join(',')}],"nextCursor":${json(nextCursor)}}`;
}

const server = http.createServer(async (req, res) => {
  const prepared = routes.get(routeKey(req.url ?? '', req.headers.cookie));
  if (!prepared) {
    res.writeHead(404).end();
    return;
  }
  try {
    const shift = Date.now() - prepared.route.capturedAt;
    const results: Row[][] = [];
    for (const s of prepared.statements) {
      let values = s.params;
      if (s.dateParams.length > 0) {
        values = [...s.params];
        for (const i of s.dateParams) values[i] = new Date(Date.parse(values[i] as string) + shift).toISOString();
      }
      results.push((await pool.query({ name: s.name, text: s.text, values })).rows);
    }
    const body = render(prepared, results);
    if (body === null) {
      res.writeHead(prepared.route.kind === 'profile' ? 404 : 401).end();
      return;
    }
    const json = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(json),
    });
    res.end(json);
  } catch (error) {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
  }
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`listening http://127.0.0.1:${address.port}`);
});
const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
