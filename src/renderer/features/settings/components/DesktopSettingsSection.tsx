import { Divider, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { DESKTOP_NOTIFICATION_KINDS, type DesktopSettings } from '../../../../shared/domain/desktop-settings';
import { errorMessage } from '../../../api/errors';
import { Section } from '../../../ui/Section';
import { NOTIFICATION_SWITCHES, notificationSwitchPatch, trayName } from '../desktop-settings';
import { settingsSelectors } from '../selectors';
import { useSettingsStore } from '../store';

/**
 * The desktop app's own settings: whether closing the window keeps the agents running in the
 * tray, starting at login, and which native notifications to show. Each switch saves at once.
 * Only the desktop app has them; the console of `troupe serve` shows nothing.
 */
export function DesktopSettingsSection() {
  const info = useSettingsStore(settingsSelectors.info);
  const settings = useSettingsStore(settingsSelectors.settings);
  if (info?.mode !== 'desktop' || !settings) return null;
  return <DesktopSwitches saved={settings.desktop} platform={info.platform} />;
}

function DesktopSwitches({ saved, platform }: { saved: DesktopSettings; platform: string }) {
  const { updateSettings } = useSettingsStore(settingsSelectors.actions);
  const [saving, setSaving] = useState(false);
  const notificationsHeading = useId();
  const tray = trayName(platform);

  const save = async (patch: Partial<DesktopSettings>) => {
    setSaving(true);
    try {
      await updateSettings({ desktop: patch });
    } catch (error) {
      notifications.show({ color: 'red', title: 'The change was not saved', message: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Section title="Desktop">
      <Stack gap="md">
        <Switch
          label={`Keep running in the ${tray} when the window closes`}
          description={`The agents go on working; open the console or quit Troupe from its ${tray} icon. Off: closing the window quits Troupe and stops them.`}
          checked={saved.closeToTray}
          disabled={saving}
          onChange={(event) => void save({ closeToTray: event.currentTarget.checked })}
        />
        <Switch
          label="Start Troupe when you log in"
          description={`It opens in the ${tray}, without its window, and connects the agents that are switched on.`}
          checked={saved.startAtLogin}
          disabled={saving}
          onChange={(event) => void save({ startAtLogin: event.currentTarget.checked })}
        />
        <Divider />
        <section aria-labelledby={notificationsHeading}>
          <Title order={3} id={notificationsHeading} fz="sm" fw={650} mb={2}>
            Notifications
          </Title>
          <Text size="xs" c="dimmed" mb="sm">
            What Troupe tells you about when it needs you; clicking one opens the page to act on. At most one
            of a kind per agent every five minutes, and several at once come as one.
          </Text>
          <Stack gap="sm">
            {DESKTOP_NOTIFICATION_KINDS.map((kind) => (
              <Switch
                key={kind}
                label={NOTIFICATION_SWITCHES[kind].label}
                description={NOTIFICATION_SWITCHES[kind].description}
                checked={!saved.mutedNotifications.includes(kind)}
                disabled={saving}
                onChange={(event) =>
                  void save(
                    notificationSwitchPatch(saved.mutedNotifications, kind, event.currentTarget.checked),
                  )
                }
              />
            ))}
          </Stack>
        </section>
      </Stack>
    </Section>
  );
}
