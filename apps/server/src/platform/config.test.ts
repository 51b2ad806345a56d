import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  test('defaults: port 3000, ./data, embedded database with demo data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemoData).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  test('with DATABASE_URL, demo data is off unless asked for', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db' }).seedDemoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
  });

  test('fails fast naming every bad variable', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://nope', NODE_ENV: 'staging' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('Invalid configuration');
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
      expect(message).toContain('NODE_ENV');
    }
  });

  test('an empty DATABASE_URL means the embedded database', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  test('TRUST_PROXY: off by default; a hop count or a list of addresses and CIDRs; anything else is refused', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: "true" is neither an address nor a CIDR/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '0' })).toThrow(/TRUST_PROXY: a hop count must be 1 to 10/);
  });
});
