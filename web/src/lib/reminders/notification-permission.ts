/** What this browser allows: no notifications at all, not asked yet, granted or refused. */
export type NotificationAccess = 'unsupported' | NotificationPermission;

export const notificationAccess = (): NotificationAccess =>
  typeof window !== 'undefined' && 'Notification' in window ? window.Notification.permission : 'unsupported';

/** Said by the settings screen once the user turned notifications on, so the open app starts scheduling at once. */
export const NOTIFICATIONS_ENABLED_EVENT = 'tracker:notifications-enabled';
