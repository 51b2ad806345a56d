export {
  invalidateSettings,
  readAllSettings,
  readSettings,
  SETTING_DEFAULTS,
  writeSettings,
} from './platform-settings';
export { SETTINGS_CHANNEL_USER, settingsRoutes } from './routes';
