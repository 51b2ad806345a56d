import path from 'node:path';
import { resolveConfig } from 'vite';
import { afterEach, expect, test } from 'vitest';

const saved = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = saved;
});

// Finding R1: `NODE_ENV=development npm start` bundled development React and failed the bundle check.
test('a build is a production build whatever NODE_ENV the shell has', async () => {
  for (const nodeEnv of ['development', 'test', undefined]) {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    const config = await resolveConfig(
      { root: import.meta.dirname, configFile: path.join(import.meta.dirname, 'vite.config.ts'), logLevel: 'silent' },
      'build',
      'production',
    );
    expect(config.isProduction, `NODE_ENV=${nodeEnv}`).toBe(true);
  }
});
