import { Alert, Button, Center, Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPhone } from '@tabler/icons-react';
import { Suspense } from 'react';
import { lazyComponent } from '../../../ui/lazy-component';
import { useNow } from '../../../ui/RelativeTime';
import { formatRemaining, remainingMs } from '../model';
import { telegramSelectors } from '../selectors';
import { useTelegramStore } from '../store';
import { CancelButton, type StepProps } from './LoginSteps';

// The QR encoder is needed only once an operator logs in by QR: it stays out of the agent page's chunk.
const QrCode = lazyComponent(() => import('../../../ui/QrCode').then((m) => m.QrCode));

/** How long the shown token lasts; the runtime sends a fresh one before it runs out. */
function QrExpiry({
  expiresAt,
  onRenew,
  renewing,
}: {
  expiresAt: string;
  onRenew: () => void;
  renewing: boolean;
}) {
  const now = useNow(1000);
  const left = remainingMs(expiresAt, now.getTime());
  if (left !== null) {
    return (
      <Text size="sm" c="dimmed" ta="center">
        Expires in <time dateTime={expiresAt}>{formatRemaining(left)}</time>; a new code follows by itself.
      </Text>
    );
  }
  return (
    <Group gap="xs" justify="center">
      <Text size="sm" c="dimmed">
        This code expired.
      </Text>
      <Button variant="light" size="compact-sm" loading={renewing} onClick={onRenew}>
        Get a new QR code
      </Button>
    </Group>
  );
}

export function QrStep({ configName, wizard, step }: StepProps<'qr'>) {
  const { startQrLogin, restartLogin } = useTelegramStore(telegramSelectors.actions);
  // A QR login has no field: whatever failed shows above the buttons.
  const error = wizard.error?.message ?? null;
  return (
    <Stack gap="md">
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>Open Telegram on the phone where this account is logged in.</List.Item>
        <List.Item>Go to Settings → Devices → Link Desktop Device.</List.Item>
        <List.Item>Point the phone at this code.</List.Item>
      </List>
      <Center>
        <Suspense fallback={<Skeleton w={220} h={220} radius={8} />}>
          <QrCode value={step.url} label="QR code to scan with the Telegram app" />
        </Suspense>
      </Center>
      <QrExpiry
        expiresAt={step.expiresAt}
        renewing={wizard.pending === 'qr'}
        onRenew={() => void startQrLogin(configName)}
      />
      {error && (
        <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button
          variant="subtle"
          mr="auto"
          leftSection={<IconPhone size={16} aria-hidden />}
          onClick={() => restartLogin(configName)}
        >
          Log in with phone number
        </Button>
        <CancelButton configName={configName} />
      </Group>
    </Stack>
  );
}
