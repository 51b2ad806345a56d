import type { Db } from '@fanline/server/testing';
import { sql } from 'drizzle-orm';

const FIRST = [
  'maya',
  'andre',
  'lena',
  'pete',
  'nora',
  'sam',
  'iris',
  'dan',
  'gia',
  'frank',
  'hana',
  'fay',
  'omar',
  'rina',
  'nick',
  'zoe',
  'leo',
  'ava',
  'kai',
  'ivy',
];
const LAST = [
  'chen',
  'brooks',
  'park',
  'alvarez',
  'quinn',
  'okafor',
  'novak',
  'reyes',
  'romano',
  'miller',
  'kim',
  'adams',
  'haddad',
  'torres',
  'shaw',
  'lopez',
  'singh',
  'berg',
  'moreau',
  'sato',
];
const DISCIPLINES = [
  'Fashion',
  'Beauty',
  'Fitness',
  'Music',
  'Gaming',
  'Comedy',
  'Art',
  'Tech',
  'Business',
  'Lifestyle',
];

/**
 * Inserts `count` creators with varied prices, rates, flags, categories and dates in one statement
 * per table (generate_series), so 10,000 take seconds. They cannot sign in (no password).
 */
export async function generateCreators(db: Db, count: number, prefix = 'bench'): Promise<void> {
  const words = (list: string[]) => sql.raw(`array[${list.map((w) => `'${w}'`).join(',')}]`);
  const first = words(FIRST);
  const last = words(LAST);
  const disciplines = sql.raw(`array[${DISCIPLINES.map((d) => `'${d}'`).join(',')}]`);
  await db.execute(sql`
    with new_users as (
      insert into users (email, email_verified_at)
      select ${prefix} || '_' || i || '@bench.test', now() from generate_series(1, ${count}) as i
      returning id, email
    )
    insert into profiles (id, username, display_name, bio, email, is_creator, intended_account_type,
      threads_onboarding_completed, is_available, is_featured, message_price, response_rate,
      disciplines, instagram_username, instagram_verified, instagram_follower_count, created_at, updated_at)
    select u.id,
      (${first})[1 + n % 20] || (${last})[1 + (n / 20) % 20] || n || '_' || ${prefix},
      initcap((${first})[1 + n % 20]) || ' ' || initcap((${last})[1 + (n / 20) % 20]),
      'Generated creator for benchmarks',
      u.email,
      true, 'creator', true,
      (n % 7) <> 0,
      (n % 50) = 0,
      (5 + (n * 37 % 100) * 5) * 100,
      50 + (n * 13 % 51),
      -- Hashed, not n % 10: the price is a function of n % 100, so categories picked from n % 10 made
      -- every creator at one price share the same two (issue 39: at 1M, the $20 creators were 10,000
      -- rows of Lifestyle and Tech, and a price-sorted category filter walked all of them).
      array[(${disciplines})[1 + (hashint4(n::int)::bigint & 2147483647) % 10],
        (${disciplines})[1 + (hashint4(n::int + 1000003)::bigint & 2147483647) % 10]],
      'ig_' || (${first})[1 + n % 20] || n || '_' || ${prefix},
      (n % 3) = 0,
      n * 97 % 2000000,
      now() - (n || ' minutes')::interval,
      now() - ((n * 7 % 10000) || ' minutes')::interval
    from (select id, email, row_number() over () as n from new_users) as u
  `);
  await db.execute(sql`analyze profiles`);
}
