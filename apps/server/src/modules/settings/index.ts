export {
  invalidateSettings,
  readAllSettings,
  readSettings,
  SETTING_DEFAULTS,
  SETTINGS_CHANNEL_USER,
  writeSettings,
} from './platform-settings';
export { readSecretSetting, saveSecretSetting } from './secret-settings';
