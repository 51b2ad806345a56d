import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../platform/config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The server's Web Push keys, or why it sends no pushes (decision 0031). */
export type PushSetup = { keys: VapidKeys; reason?: undefined } | { keys: null; reason: string };

const setups = new WeakMap<Config, PushSetup>();
const KEY_FILE = 'vapid-keys.json';

/**
 * The VAPID key pair (issue 26): VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when given; otherwise one pair
 * generated on first use and kept in DATA_DIR/vapid-keys.json (mode 600), as the app secret is, so
 * browsers' subscriptions (made for this public key) survive restarts. Not generated in production with
 * DATABASE_URL: several instances would each make their own pair and every push would fail at the push
 * service for some subscriptions; nor when DATA_DIR cannot be written (a new pair on every start would
 * silently orphan every subscription). Push is then off, and says so (GET /api/push/public-key answers
 * null, the settings say push is not available here, the start-up log warns once).
 */
export function pushSetup(config: Config): PushSetup {
  let setup = setups.get(config);
  if (!setup) {
    setup = resolve(config);
    setups.set(config, setup);
  }
  return setup;
}

function resolve(config: Config): PushSetup {
  const { publicKey, privateKey, subject } = config.push;
  if (publicKey && privateKey) return { keys: { publicKey, privateKey, subject } };
  if (config.env === 'production' && config.databaseUrl) {
    return {
      keys: null,
      reason:
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: with DATABASE_URL in production every instance would generate its own keys, so push notifications are off',
    };
  }
  const file = path.join(config.dataDir, KEY_FILE);
  try {
    const stored = readKeys(file);
    if (stored) return { keys: { ...stored, subject } };
    fs.mkdirSync(config.dataDir, { recursive: true });
    const generated = webpush.generateVAPIDKeys();
    try {
      fs.writeFileSync(file, JSON.stringify(generated), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process wrote its pair first: theirs is the one.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const theirs = readKeys(file);
      if (!theirs) throw error;
      return { keys: { ...theirs, subject } };
    }
    return { keys: { ...generated, subject } };
  } catch (error) {
    return {
      keys: null,
      reason: `no VAPID keys in the environment and ${KEY_FILE} could not be kept in DATA_DIR (${(error as NodeJS.ErrnoException).code ?? 'error'}), so push notifications are off`,
    };
  }
}

function readKeys(file: string): { publicKey: string; privateKey: string } | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') {
    throw Object.assign(new Error(`${KEY_FILE} is not a key pair`), { code: 'EINVAL' });
  }
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}
