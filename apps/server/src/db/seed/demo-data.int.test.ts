import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../platform/db';
import { verifyPassword } from '../../platform/password';
import { openTestDatabase } from '../../testing';
import { adminUsers, profiles, users } from '../schema';
import { DEMO_ADMIN, DEMO_FAN, seedDemoData } from './demo-data';

// Seeding needs an empty database, so this file always takes its own PGlite copy.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase('pglite');
});
afterAll(async () => {
  await database.close();
});

test('an empty database gets creators, a fan and an admin; a second run seeds nothing', async () => {
  const logins = await seedDemoData({ db: database.db });
  expect(logins?.map((l) => l.role)).toEqual(['creator', 'creator', 'creator', 'fan', 'admin']);

  const [creators] = await database.db.select({ n: count() }).from(profiles).where(eq(profiles.isCreator, true));
  expect(creators?.n).toBeGreaterThanOrEqual(12);
  const [featured] = await database.db.select({ n: count() }).from(profiles).where(eq(profiles.isFeatured, true));
  expect(featured?.n).toBeGreaterThanOrEqual(5);
  const [unavailable] = await database.db.select({ n: count() }).from(profiles).where(eq(profiles.isAvailable, false));
  expect(unavailable?.n).toBeGreaterThan(0);

  const [fan] = await database.db.select().from(users).where(eq(users.email, DEMO_FAN.email));
  expect(fan && (await verifyPassword(fan.passwordHash ?? '', DEMO_FAN.password))).toBe(true);
  const [admin] = await database.db
    .select({ role: adminUsers.role, active: adminUsers.isActive })
    .from(adminUsers)
    .innerJoin(users, eq(users.id, adminUsers.userId))
    .where(eq(users.email, DEMO_ADMIN.email));
  expect(admin).toEqual({ role: 'super_admin', active: true });

  const [before] = await database.db.select({ n: count() }).from(users);
  expect(await seedDemoData({ db: database.db })).toBeNull();
  const [after] = await database.db.select({ n: count() }).from(users);
  expect(after?.n).toBe(before?.n);
});
