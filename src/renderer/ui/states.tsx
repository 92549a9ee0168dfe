import { Alert, Button, Center, EmptyState, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A spinner with words, announced politely to screen readers. */
export function LoadingState({ label, minHeight = 240 }: { label: string; minHeight?: number | string }) {
  return (
    <Center mih={minHeight} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" aria-hidden />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** A failed load: what failed, the API's own message, and a way to try again. */
export function ErrorState({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
}) {
  return (
    <Alert
      role="alert"
      variant="light"
      color="red"
      radius="md"
      title={title}
      icon={<IconAlertTriangle aria-hidden />}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={onRetry}
          >
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** Nothing to show yet, said plainly, with what to do about it. */
export function EmptyBlock({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  children?: ReactNode;
}) {
  return (
    <EmptyState py="xl" icon={icon} withIndicatorBackground title={title} description={description}>
      {children && <EmptyState.Actions>{children}</EmptyState.Actions>}
    </EmptyState>
  );
}
