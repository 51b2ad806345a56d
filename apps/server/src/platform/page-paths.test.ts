import { describe, expect, test } from 'vitest';
import { isUnknownNestedPage } from './page-paths';

describe('nested paths the app has no page for answer 404 (issue 36 §17)', () => {
  test('unknown nested paths are not-found; pages, profiles and /dev/ are not', () => {
    expect(isUnknownNestedPage('/dashboard/nope')).toBe(true);
    expect(isUnknownNestedPage('/this/page/does-not-exist')).toBe(true);
    expect(isUnknownNestedPage('/admin/nope')).toBe(true);
    for (const page of ['/', '/support', '/lenabeats', '/dashboard/messages/abc', '/admin/audit', '/dev/mail']) {
      expect(isUnknownNestedPage(page), page).toBe(false);
    }
  });
});

test("every page of the web app's own (apps/web/src/paths.ts) answers as a page, not a 404", async () => {
  const { paths } = await import('../../../web/src/paths');
  const pages = Object.values(paths).map((pattern) => pattern.replaceAll(/:[A-Za-z]+/g, 'some-id'));
  for (const page of pages) expect(isUnknownNestedPage(page), page).toBe(false);
});
