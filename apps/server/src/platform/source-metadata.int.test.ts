import { describe, expect, test } from 'vitest';
import { useTestApp } from '../testing';

// ASVS 5.0 V13.4.1 (issue 42): whatever sits next to the running code, the server never serves
// source-control metadata. It serves files only from the web build and the uploads folder, so these
// paths get the app shell or a 404, never the repository's HEAD, config or index.
const t = useTestApp();

describe('source-control metadata', () => {
  test('/.git/HEAD, /.git/config and their encoded or nested forms never return repository content', async () => {
    for (const url of [
      '/.git/HEAD',
      '/.git/config',
      '/.git/index',
      '/%2egit/HEAD',
      '/uploads/../.git/HEAD',
      '/assets/../../.git/config',
      '/api/../.git/HEAD',
      '/.gitignore',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toMatch(/ref: refs\/|\[core\]|repositoryformatversion|^DIRC/m);
      expect(response.body, url).not.toContain('node_modules');
    }
  });
});
