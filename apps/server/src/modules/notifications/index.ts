/** What other modules may call of notifications: in-app notifications and the one mail gate (issue #13). */
export { createNotification, createNotifications, notificationPart } from './create-notification';
export { mailUser } from './mail-user';
export { getNotificationPreferences, updateNotificationPreferences } from './notification-preferences';
