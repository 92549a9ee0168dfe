import type { DesktopNotificationKind, DesktopSettings } from '../../../shared/domain/desktop-settings';

/** Each notification kind's switch in the Desktop section. */
export const NOTIFICATION_SWITCHES: Record<DesktopNotificationKind, { label: string; description: string }> =
  {
    signIn: {
      label: 'Telegram sign-in needed',
      description: 'Telegram ended an agent’s session and it must be signed in again.',
    },
    sendsStopped: {
      label: 'Sends stopped or a long flood wait',
      description: 'Telegram limited an account, or made it wait five minutes or more.',
    },
    agentError: {
      label: 'An agent stopped on a problem',
      description: 'Its session cannot be read, or the Telegram API credentials are missing.',
    },
    draftWaiting: {
      label: 'Drafts waiting for approval',
      description: 'An agent planned messages that wait for you to approve them.',
    },
    spendingLimit: {
      label: 'Daily spending limit reached',
      description: 'An agent’s turns wait for its next day, unless you lift the limit.',
    },
  };

/** The patch that switches one notification kind on or off, the others kept as they are. */
export function notificationSwitchPatch(
  muted: DesktopSettings['mutedNotifications'],
  kind: DesktopNotificationKind,
  on: boolean,
): Pick<DesktopSettings, 'mutedNotifications'> {
  const others = muted.filter((mutedKind) => mutedKind !== kind);
  return { mutedNotifications: on ? others : [...others, kind] };
}

/** Where the desktop app lives while its window is closed: the menu bar on a Mac. */
export function trayName(platform: string): string {
  return platform === 'darwin' ? 'menu bar' : 'tray';
}
