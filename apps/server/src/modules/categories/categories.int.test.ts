import { expect, test } from 'vitest';
import { categories } from '../../db/schema';
import { unique, useTestApp } from '../../testing';

const t = useTestApp();

test('lists active categories by sort order, never inactive ones', async () => {
  const hidden = unique('Hidden');
  await t.database.db.insert(categories).values({ name: hidden, isActive: false, sortOrder: 0 });
  const response = await t.app.inject({ method: 'GET', url: '/api/categories' });
  expect(response.statusCode).toBe(200);
  const list = response.json().categories as Array<{ name: string; sortOrder: number }>;
  expect(list.map((c) => c.name)).not.toContain(hidden);
  expect(list.slice(0, 3).map((c) => c.name)).toEqual(['Fashion', 'Beauty', 'Fitness']);
  const orders = list.map((c) => c.sortOrder);
  expect(orders).toEqual([...orders].sort((a, b) => a - b));
});
