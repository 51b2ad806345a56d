export {
  invalidateSettings,
  readAllSettings,
  readSettings,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  type SettingKey,
  writeSettings,
} from './platform-settings';
export { publicConfig } from './public-config';
export { SETTINGS_CHANNEL_USER, settingsRoutes } from './routes';
