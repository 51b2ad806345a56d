export {
  invalidateSettings,
  readAllSettings,
  readSettings,
  SETTING_DEFAULTS,
  SETTINGS_CHANNEL_USER,
  writeSettings,
} from './platform-settings';
export { publicConfig } from './public-config';
export { readSecretSetting, saveSecretSetting } from './secret-settings';
