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

  test('traces are off without OTEL_EXPORTER_OTLP_ENDPOINT; a malformed one stops the start (decision 0061)', () => {
    expect(loadConfig({}).tracing).toEqual({ endpoint: null, serviceName: 'fanline' });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: '' }).tracing.endpoint).toBeNull();
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SERVICE_NAME: 'fanline-eu' }).tracing,
    ).toEqual({ endpoint: 'http://collector:4318', serviceName: 'fanline-eu' });
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });

  test('with DATABASE_URL, demo data is off unless asked for', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db' }).seedDemoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
  });

  test('production creates no demo accounts unless SEED_DEMO_DATA=true asks for them', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://fanline.example',
      STRIPE_SECRET_KEY: 'sk_test_x',
    };
    expect(loadConfig(production).seedDemoData).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemoData).toBe(true);
  });

  test('Web Vitals: a tenth of page loads in production, all in development and the demo, or VITALS_SAMPLE_RATE', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://fanline.example',
      STRIPE_SECRET_KEY: 'sk_test_x',
    };
    expect(loadConfig(production).vitals).toEqual({ sampleRate: 0.1, perAddressPerMinute: 60 });
    expect(loadConfig({ ...production, DEMO_MODE: 'true' }).vitals.sampleRate).toBe(1);
    expect(loadConfig({ NODE_ENV: 'development' }).vitals.sampleRate).toBe(1);
    expect(loadConfig({ ...production, VITALS_SAMPLE_RATE: '0' }).vitals.sampleRate).toBe(0);
    expect(loadConfig({ VITALS_SAMPLE_RATE: '0.25', VITALS_IP_LIMIT: '5' }).vitals).toEqual({
      sampleRate: 0.25,
      perAddressPerMinute: 5,
    });
    expect(() => loadConfig({ VITALS_SAMPLE_RATE: '1.5' })).toThrow(/VITALS_SAMPLE_RATE/);
  });

  test('production without Stripe refuses to start unless the test checkout is opted into; test-send never', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://fanline.example' })).toThrow(
      /STRIPE_SECRET_KEY: required in production.*ALLOW_TEST_PAYMENTS=true/,
    );
    const demo = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://fanline.example',
      ALLOW_TEST_PAYMENTS: 'true',
    });
    expect(demo.payments).toMatchObject({ provider: 'local', testSend: false });
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://fanline.example', STRIPE_SECRET_KEY: 'sk_test_x' })
        .payments,
    ).toMatchObject({
      provider: 'stripe',
      testSend: false,
    });
    expect(loadConfig({ NODE_ENV: 'development' }).payments).toMatchObject({ provider: 'local', testSend: true });
  });

  test('uploads stay in DATA_DIR unless S3_BUCKET is set; a half S3 configuration is refused by name', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'fs' });
    expect(loadConfig({ S3_BUCKET: 'fanline-uploads' }).storage).toEqual({
      driver: 's3',
      bucket: 'fanline-uploads',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'fanline-uploads',
        S3_ENDPOINT: 'http://127.0.0.1:4569/',
        S3_REGION: 'eu-west-1',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      }).storage,
    ).toEqual({
      driver: 's3',
      bucket: 'fanline-uploads',
      endpoint: 'http://127.0.0.1:4569',
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:4569', S3_FORCE_PATH_STYLE: 'true' })).toThrow(
      /S3_BUCKET: required with S3_ENDPOINT, S3_FORCE_PATH_STYLE/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'fanline-uploads', S3_ACCESS_KEY_ID: 'only-the-id' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ S3_BUCKET: 'fanline-uploads', S3_ENDPOINT: 'not a url' })).toThrow(ConfigError);
  });

  test('production refuses an http:// PUBLIC_URL (or none) and says why, unless a lab allows it; the demo keeps http', () => {
    const production = { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_x' };
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'http://fanline.example' })).toThrow(
      /PUBLIC_URL: must be an https:\/\/ address in production.*ALLOW_HTTP_PUBLIC_URL=true/,
    );
    expect(() => loadConfig(production)).toThrow(/PUBLIC_URL: .*unset, so http:\/\/localhost:3000/);
    expect(
      loadConfig({ ...production, PUBLIC_URL: 'http://lab.internal', ALLOW_HTTP_PUBLIC_URL: 'true' }).publicUrl,
    ).toBe('http://lab.internal');
    // `npm start` without NODE_ENV (scripts/serve.mjs): production with DEMO_MODE, at http://localhost:3000.
    const demo = loadConfig({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', DEMO_MODE: 'true' });
    expect(demo.publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ NODE_ENV: 'development' }).strictHost).toBe(false);
    expect(demo.strictHost).toBe(true);
  });

  test("the demo's opt-in (DEMO_MODE) is off unless set, in production too", () => {
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://fanline.example', STRIPE_SECRET_KEY: 'sk_test_x' })
        .demoMode,
    ).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://fanline.example', ALLOW_TEST_PAYMENTS: 'true' })
        .demoMode,
    ).toBe(false);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://fanline.example',
        ALLOW_TEST_PAYMENTS: 'true',
        DEMO_MODE: 'true',
      }).demoMode,
    ).toBe(true);
    expect(() => loadConfig({ DEMO_MODE: 'maybe' })).toThrow(/DEMO_MODE/);
  });

  test('the super admin comes from ADMIN_EMAIL / ADMIN_PASSWORD, checked at start', () => {
    expect(loadConfig({}).admin).toBeUndefined();
    expect(loadConfig({ ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'a-long-secret-1' }).admin).toEqual({
      email: 'boss@example.com',
      password: 'a-long-secret-1',
    });
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'short' })).toThrow(
      'ADMIN_PASSWORD: must be at least 12 characters',
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'a-long-secret-1' })).toThrow(
      'ADMIN_EMAIL: must be an e-mail address',
    );
    expect(() => loadConfig({ ADMIN_PASSWORD: 'a-long-secret-1' })).toThrow(
      'ADMIN_EMAIL: required with ADMIN_PASSWORD',
    );
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
  test('database settings: production defaults, validated, and TLS verified in production for a database on another host', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://fanline.example',
      STRIPE_SECRET_KEY: 'sk_test_x',
      APP_SECRET: 'x'.repeat(32),
    };
    const remote = { ...production, DATABASE_URL: 'postgres://fanline:pw@db.internal:5432/fanline' };
    expect(loadConfig(remote).database).toEqual({
      poolMax: 10,
      connectTimeoutMs: 5000,
      statementTimeoutMs: 30000,
      idleInTransactionTimeoutMs: 60000,
      sslMode: 'verify-full',
      sslRootCert: undefined,
    });
    expect(loadConfig({ ...production, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' }).database.sslMode).toBe(
      'disable',
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://x@db.internal/x' }).database.sslMode).toBe('disable');
    expect(loadConfig({ ...remote, DATABASE_SSLMODE: 'require' }).database.sslMode).toBe('require');
    expect(loadConfig({ ...remote, DATABASE_URL: `${remote.DATABASE_URL}?sslmode=require` }).database.sslMode).toBe(
      'url',
    );
    const tuned = loadConfig({
      ...remote,
      DATABASE_POOL_MAX: '25',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '15000',
      DATABASE_SSL_ROOT_CERT: '/etc/ssl/rds-global-bundle.pem',
    }).database;
    expect(tuned).toMatchObject({
      poolMax: 25,
      connectTimeoutMs: 2000,
      statementTimeoutMs: 0,
      idleInTransactionTimeoutMs: 15000,
    });
    expect(() => loadConfig({ DATABASE_POOL_MAX: '1' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ DATABASE_SSLMODE: 'prefer' })).toThrow(/DATABASE_SSLMODE/);
    expect(() =>
      loadConfig({ ...remote, DATABASE_URL: `${remote.DATABASE_URL}?sslmode=require`, DATABASE_SSLMODE: 'disable' }),
    ).toThrow(/DATABASE_SSLMODE: DATABASE_URL already has an sslmode parameter/);
    expect(() => loadConfig({ ...remote, DATABASE_SSLMODE: 'require', DATABASE_SSL_ROOT_CERT: '/x.pem' })).toThrow(
      /DATABASE_SSL_ROOT_CERT: only used with DATABASE_SSLMODE=verify-full/,
    );
  });
});
