import { afterEach, describe, expect, test, vi } from 'vitest';
import { publicSite, SERVED_HOSTS } from './origin-check';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('publicSite(…).isHost', () => {
  test("names PUBLIC_URL's host with any port and in any case, and nothing else, however often it is asked", () => {
    const site = publicSite('https://fanline.example');
    const answers = {
      'fanline.example': true,
      'fanline.example:443': true,
      'FANLINE.Example:8443': true,
      'evil.example': false,
      'fanline.example.evil.example': false,
      'evil.example:443': false,
      'fanline example': false,
      localhost: false,
      '': false,
    };
    for (let round = 0; round < 3; round++) {
      for (const [host, named] of Object.entries(answers))
        expect(site.isHost(host), `${host}, round ${round}`).toBe(named);
      expect(site.isHost(undefined)).toBe(false);
    }
  });

  test('a loopback PUBLIC_URL answers to the other loopback names, not to a foreign one', () => {
    const site = publicSite('http://localhost:3000');
    for (let round = 0; round < 2; round++) {
      expect(site.isHost('localhost:3000')).toBe(true);
      expect(site.isHost('127.0.0.1:3000')).toBe(true);
      expect(site.isHost('[::1]:3000')).toBe(true);
      expect(site.isHost('rebound.example:3000')).toBe(false);
    }
  });

  test('a Host header that named the site is parsed once; a refused one every time', () => {
    const site = publicSite('https://fanline.example');
    const parsed: string[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        constructor(url: string | URL, base?: string | URL) {
          super(url, base);
          parsed.push(String(url));
        }
      },
    );
    for (let i = 0; i < 5; i++) {
      expect(site.isHost('fanline.example')).toBe(true);
      expect(site.isHost('evil.example')).toBe(false);
    }
    expect(parsed.filter((url) => url === 'http://fanline.example')).toHaveLength(1);
    expect(parsed.filter((url) => url === 'http://evil.example')).toHaveLength(5);
  });

  test(`past ${SERVED_HOSTS} remembered hosts the answers stay right`, () => {
    const site = publicSite('https://fanline.example');
    for (let port = 1; port <= SERVED_HOSTS + 20; port++) {
      expect(site.isHost(`fanline.example:${port}`)).toBe(true);
      expect(site.isHost(`evil.example:${port}`)).toBe(false);
    }
    expect(site.isHost('fanline.example')).toBe(true);
    expect(site.isHost('evil.example')).toBe(false);
  });
});
