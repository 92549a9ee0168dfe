import { z } from 'zod';

/**
 * What the desktop app tells the operator about with a native notification. Each kind can be
 * switched off; a kind added later is on until the operator mutes it.
 */
export const DESKTOP_NOTIFICATION_KINDS = [
  /** Telegram ended an agent's session: it needs a new sign-in. */
  'signIn',
  /** Telegram limited an account (sends stopped) or imposed a long flood wait. */
  'sendsStopped',
  /** An agent stopped on a problem the operator must fix (its session, the API credentials). */
  'agentError',
  /** An agent drafted messages that wait for the operator's approval. */
  'draftWaiting',
  /** An agent reached its daily spending limit; its turns wait for the next day. */
  'spendingLimit',
] as const;
export const DesktopNotificationKindSchema = z.enum(DESKTOP_NOTIFICATION_KINDS);
export type DesktopNotificationKind = z.infer<typeof DesktopNotificationKindSchema>;

/** How the desktop app behaves as an app; ignored by `troupe serve`. */
export const DesktopSettingsSchema = z.object({
  /** Closing the window hides it and the agents keep running in the tray; off: closing quits. */
  closeToTray: z.boolean(),
  /** Troupe starts (in the tray) when the operator logs in to the computer. */
  startAtLogin: z.boolean(),
  /** The notification kinds the operator switched off. */
  mutedNotifications: z.array(DesktopNotificationKindSchema),
});
export type DesktopSettings = z.infer<typeof DesktopSettingsSchema>;

export const DEFAULT_DESKTOP_SETTINGS: DesktopSettings = {
  closeToTray: true,
  startAtLogin: false,
  mutedNotifications: [],
};
