/** What other modules may call of notifications: in-app notifications, the one mail gate (issue #13) and Web Push (issue 26). */
export { createNotification, createNotifications, notificationPart } from './create-notification';
export { eraseNotifications } from './erase-notifications';
export { mailUser } from './mail-user';
export { markMessageNotificationsRead } from './mark-notifications-read';
export {
  getNotificationPreferences,
  remindersWanted,
  switchOffNotifications,
  updateNotificationPreferences,
} from './notification-preferences';
export { type PushSetup, pushSetup } from './push-keys';
export { removeAllPushSubscriptions } from './push-subscriptions';
export { PUSH_EFFECT, type PushEffectPayload, pushBody, pushDefinition, pushEffect, sendPush } from './send-push';
