import { BROWSE, type TBrowseSort, type ZBrowseQuery } from '@fanline/contracts';
import { and, arrayOverlaps, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { creatorStats, profiles } from '../../db/schema';
import type { Db } from '../../platform/db';
import { type CursorKind, decodeCursor, encodeCursor } from '../../platform/keyset-cursor';
import { limitInText, preparedPerDatabase } from '../../platform/prepared';
import { containsPattern } from '../../platform/sql-like';
import { browseCreatorColumns, creatorStatsJoin } from './summary';

type BrowseQuery = z.output<typeof ZBrowseQuery>;

// Each sort walks one (column, id) index; the cursor value is read back as text so it compares exactly.
const SORTS: Record<
  TBrowseSort,
  { column: SQL; id?: SQL; cursorValue: SQL; direction: 'asc' | 'desc'; cast: string; kind: CursorKind }
> = {
  // Decision 0072: walks creator_stats_response_rate_idx, so the tie-breaker is that row's id (equal to the profile's).
  response_rate_desc: {
    column: sql`${creatorStats.responseRate}`,
    id: sql`${creatorStats.creatorId}`,
    cursorValue: sql`${creatorStats.responseRate}`,
    direction: 'desc',
    cast: 'double precision',
    kind: 'number',
  },
  price_asc: {
    column: sql`${profiles.messagePrice}`,
    cursorValue: sql`${profiles.messagePrice}`,
    direction: 'asc',
    cast: 'integer',
    kind: 'integer',
  },
  price_desc: {
    column: sql`${profiles.messagePrice}`,
    cursorValue: sql`${profiles.messagePrice}`,
    direction: 'desc',
    cast: 'integer',
    kind: 'integer',
  },
  recent: {
    column: sql`${profiles.updatedAt}`,
    cursorValue: sql`${profiles.updatedAt}::text`,
    direction: 'desc',
    cast: 'timestamptz',
    kind: 'timestamp',
  },
  new: {
    column: sql`${profiles.createdAt}`,
    cursorValue: sql`${profiles.createdAt}::text`,
    direction: 'desc',
    cast: 'timestamptz',
    kind: 'timestamp',
  },
};

/**
 * How many rows a page of `limit` reads: the smallest of a page, two or four pages (the contracts allow
 * up to 48) that holds `limit` and one more (the next page's sign), written into the statement as a
 * number, never a parameter. With `limit $n`, PostgreSQL's generic plan guesses a tenth of the
 * creators, so every run was planned again from the start (a custom plan): about 1 ms of the database's
 * CPU per request, most of browse's cost with its cache off (the scale bench at 1M messages: 4,200
 * executions a second with the parameter, 12,300 with the number, in pgbench). With a number the
 * generic plan costs what the custom ones do and PostgreSQL keeps it.
 */
/** A page, two or four: the sizes browse's statements are written for (the contracts allow up to 48). */
const PAGE_SIZES = [BROWSE.pageSize, 2 * BROWSE.pageSize, 4 * BROWSE.pageSize];
const FETCH_SIZES = PAGE_SIZES.map((rows) => rows + 1);
function fetchSize(limit: number): number {
  return FETCH_SIZES.find((rows) => rows > limit) ?? limit + 1;
}

/** Which optional filters a request uses: requests of one shape share one prepared statement. */
function shapeOf(query: BrowseQuery): string {
  return [
    query.sort,
    fetchSize(query.limit),
    query.available ? 'a' : '',
    query.verified ? 'v' : '',
    query.featured ? 'f' : '',
    query.responseRate !== 'all' ? 'r' : '',
    query.minPrice !== undefined ? 'min' : '',
    query.maxPrice !== undefined ? 'max' : '',
    query.categories?.length ? 'c' : '',
    query.search ? 's' : '',
    query.cursor ? 'k' : '',
  ].join('.');
}

/** Builds the statement for one shape with placeholders; Drizzle renders its SQL once, at prepare time. */
function prepareBrowse(db: Db, query: BrowseQuery, name: string) {
  const sort = SORTS[query.sort];
  const p = sql.placeholder;
  // The yes/no filters are written into the statement (`"profiles"."is_creator"`), not sent as
  // parameters: with `= $1` the generic plan cannot tell how many rows a flag keeps, so PostgreSQL
  // planned every price-and-category request again (0.6–0.9 ms of its CPU each); with the flag in the
  // text it keeps one plan (decision 0082).
  const filters: SQL[] = [sql`${profiles.isCreator}`];
  if (query.available) filters.push(sql`${profiles.isAvailable}`);
  if (query.verified) filters.push(sql`${profiles.instagramVerified}`);
  if (query.featured) filters.push(sql`${profiles.isFeatured}`);
  if (query.responseRate !== 'all') filters.push(gte(creatorStats.responseRate, p('responseRate')));
  if (query.minPrice !== undefined) filters.push(gte(profiles.messagePrice, p('minPrice')));
  if (query.maxPrice !== undefined) filters.push(lte(profiles.messagePrice, p('maxPrice')));
  if (query.categories?.length) filters.push(arrayOverlaps(profiles.disciplines, p('categories')));
  if (query.search) {
    const pattern = p('pattern');
    filters.push(sql`(lower(${profiles.username}) like ${pattern} or lower(${profiles.displayName}) like ${pattern})`);
  }
  const id = sort.id ?? sql`${profiles.id}`;
  if (query.cursor) {
    const op = sql.raw(sort.direction === 'asc' ? '>' : '<');
    // The cursor's values are read through one-row subqueries, so a custom plan knows no more of them
    // than the generic plan does. Knowing the value, PostgreSQL estimated fewer rows before the page
    // than its generic guess of a third, judged the generic plan dearer and planned every "Load more"
    // again, though both plans walk the same index from the cursor (decision 0082).
    filters.push(
      sql`(${sort.column}, ${id}) ${op} ((select ${p('cursorValue')}::${sql.raw(sort.cast)}), (select ${p('cursorId')}::uuid))`,
    );
  }
  const dir = sql.raw(sort.direction);
  // A search reads only the page's ids here, and the figures only when it sorts or filters by them; its
  // cards come from `cardsFor` below (decision 0085). Every profile has its creator_stats row, so
  // leaving the join out keeps the same creators.
  const columns = query.search
    ? { id: profiles.id, cursorValue: sort.cursorValue.mapWith(String) }
    : { ...browseCreatorColumns, cursorValue: sort.cursorValue.mapWith(String) };
  const figures = !query.search || query.sort === 'response_rate_desc' || query.responseRate !== 'all';
  const from = db.select(columns).from(profiles).$dynamic();
  return (
    (figures ? from.innerJoin(creatorStats, creatorStatsJoin) : from)
      .where(and(...filters))
      .orderBy(sql`${sort.column} ${dir}`, sql`${id} ${dir}`)
      // A number in the statement's text (fetchSize above, decision 0080).
      .limit(limitInText(fetchSize(query.limit)))
      .prepare(name)
  );
}

// Issue 14: building the same SELECT from the schema objects cost ≈120 µs of CPU a request. Each
// database keeps its prepared statements per shape (at most 5 sorts × 2⁹ filter combinations).
const preparedFor = preparedPerDatabase('browse', prepareBrowse, shapeOf);

/**
 * A search's cards, by id (decision 0085). A search is planned again on every request, as its best plan
 * depends on the word (decision 0082), and planning the card's columns (presence, capacity and its two
 * counts, the figures' join) cost more than running them: at 1M messages the search answered 0.79 of
 * fb2bd83's requests. The search now plans only what finds the page; this statement reads the cards by
 * primary key and keeps one plan. Its ids are parameters of a fixed number (a page, two or four, the
 * last id repeated to fill them): with an array, PostgreSQL's generic plan guessed ten rows, and a page of
 * two looked cheaper planned afresh every time.
 */
const cardsFor = preparedPerDatabase(
  'search-cards',
  (db: Db, slots: number, name: string) =>
    db
      .select(browseCreatorColumns)
      .from(profiles)
      .innerJoin(creatorStats, creatorStatsJoin)
      .where(
        sql`${profiles.id} in (${sql.join(
          Array.from({ length: slots }, (_, i) => sql`${sql.placeholder(`id${i}`)}::uuid`),
          sql`, `,
        )})`,
      )
      .prepare(name),
  String,
);

interface Found {
  id: string;
  cursorValue: string;
}

type BrowseCard = Awaited<ReturnType<ReturnType<typeof cardsFor>['execute']>>[number];

/** The cards of a search's page, in the search's order (a creator gone between the two reads is left out). */
async function cardsInOrder(db: Db, ids: string[]): Promise<BrowseCard[]> {
  const last = ids.at(-1);
  if (!last) return [];
  const slots = PAGE_SIZES.find((n) => n >= ids.length) ?? ids.length;
  const values: Record<string, string> = {};
  for (let i = 0; i < slots; i++) values[`id${i}`] = ids[i] ?? last;
  const cards = new Map((await cardsFor(db, slots).execute(values)).map((card) => [card.id, card]));
  return ids.flatMap((id) => cards.get(id) ?? []);
}

/**
 * spec §7 'profiles browse': creators only, every filter in SQL, keyset pages of `limit` with the
 * id as tie-breaker, so paging never repeats or skips a creator while the list is stable.
 */
export async function browseCreators({ db, query }: { db: Db; query: BrowseQuery }) {
  const sort = SORTS[query.sort];
  const values: Record<string, unknown> = {};
  if (query.responseRate !== 'all') values.responseRate = Number(query.responseRate);
  if (query.minPrice !== undefined) values.minPrice = query.minPrice;
  if (query.maxPrice !== undefined) values.maxPrice = query.maxPrice;
  if (query.categories?.length) values.categories = query.categories;
  if (query.search) values.pattern = containsPattern(query.search);
  if (query.cursor) {
    const { value, id } = decodeCursor(query.cursor, sort.kind);
    values.cursorValue = value;
    values.cursorId = id;
  }
  // Every row has the id and the sort's value; with no search it is the whole card as well.
  const rows = (await preparedFor(db, query).execute(values)) as Array<Partial<BrowseCard> & Found>;

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last ? encodeCursor(cursorValueOf(last.cursorValue, sort.kind), last.id) : null;
  const creators = query.search
    ? await cardsInOrder(
        db,
        page.map((row) => row.id),
      )
    : page.map(({ cursorValue: _omit, ...card }) => card as BrowseCard);
  return { creators, nextCursor };
}

function cursorValueOf(raw: string, kind: CursorKind): string | number {
  return kind === 'timestamp' ? raw : Number(raw);
}
