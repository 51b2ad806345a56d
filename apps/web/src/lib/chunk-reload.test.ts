import { describe, expect, test } from 'vitest';
import { isChunkLoadError, RELOAD_GUARD_MS, shouldReloadOnce } from './chunk-reload';

function memory() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe('chunk-load failures reload once, never in a loop (issue 36 §9)', () => {
  test('recognises the browsers’ failed dynamic import, not other errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  test('online: the first failure reloads, a second on the same URL soon after does not', () => {
    const storage = memory();
    expect(shouldReloadOnce('/creators', true, storage, 1_000)).toBe(true);
    expect(shouldReloadOnce('/creators', true, storage, 2_000)).toBe(false);
    expect(shouldReloadOnce('/support', true, storage, 3_000)).toBe(true);
    expect(shouldReloadOnce('/support', true, storage, 3_000 + RELOAD_GUARD_MS)).toBe(true);
  });

  test('offline: never reloads (a reload would only show the offline page)', () => {
    expect(shouldReloadOnce('/creators', false, memory())).toBe(false);
  });
});
