export { autoFlagMessage, matchBlocklist } from './auto-flag-message';
