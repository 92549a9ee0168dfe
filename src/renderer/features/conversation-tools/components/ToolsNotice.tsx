import { Alert, Anchor, Button, CloseButton, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { ChatTools } from '../store';

/**
 * Why a tool could not do its work in this chat: a translation's failure, with what mends it (the
 * way to Settings for a missing key or model, else a Try again), or the task log's. Closing it
 * turns the tool off.
 */
export function ToolsNotice({
  tools,
  onRetryTranslation,
  onCloseTranslation,
  onCloseTaskLog,
}: {
  tools: ChatTools | undefined;
  onRetryTranslation: () => void;
  onCloseTranslation: () => void;
  onCloseTaskLog: () => void;
}) {
  const translationError = tools?.translate ? tools.translations.error : null;
  const taskLogError = tools?.showTaskLog ? tools.taskLog.error : null;
  if (!translationError && !taskLogError) return null;
  return (
    <Alert
      color="red"
      variant="light"
      radius={0}
      py={6}
      icon={<IconAlertTriangle size={16} aria-hidden />}
      role="alert"
      data-testid="tools-notice"
    >
      {translationError && (
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Text size="sm">
            {translationError.message}{' '}
            {translationError.remedy === 'settings' && (
              <Anchor component={Link} href="/settings" size="sm">
                Open Settings
              </Anchor>
            )}
          </Text>
          <Group gap={4} wrap="nowrap">
            {translationError.remedy === 'retry' && (
              <Button size="compact-sm" variant="subtle" color="red" onClick={onRetryTranslation}>
                Try again
              </Button>
            )}
            <CloseButton size="sm" aria-label="Stop translating" onClick={onCloseTranslation} />
          </Group>
        </Group>
      )}
      {taskLogError && (
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Text size="sm">The task log could not be loaded: {taskLogError}</Text>
          <CloseButton size="sm" aria-label="Hide the task log" onClick={onCloseTaskLog} />
        </Group>
      )}
    </Alert>
  );
}
