import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconUsersPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { parseJoinTarget } from '../../../../shared/domain/telegram-join-target';
import { telegramAccountSelectors } from '../selectors';
import { useTelegramAccountStore } from '../store';
import { useAccountAction } from './use-account-action';

/**
 * Joins a group or channel by @username, t.me link or invite link; a link Telegram refuses is
 * told under the field, and what could not follow the join (muting, gagging) as warnings.
 */
export function JoinGroupForm({ configName }: { configName: string }) {
  const { joinGroup } = useTelegramAccountStore(telegramAccountSelectors.actions);
  const [target, setTarget] = useState('');
  const [joined, setJoined] = useState<{ title: string; warnings: string[] } | null>(null);
  const action = useAccountAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setJoined(null);
    const parsed = parseJoinTarget(target);
    if ('error' in parsed) {
      action.fail({ target: parsed.error });
      return;
    }
    void action.run(async () => {
      setJoined(await joinGroup(configName, target));
      setTarget('');
    });
  };
  return (
    <form onSubmit={submit} aria-label="Join a group or channel">
      <Stack gap="sm">
        <TextInput
          label="Group or channel"
          placeholder="@username, t.me/name or t.me/+invite"
          description="It joins muted on Telegram and gagged here: the agent reads along and writes nothing until you ungag it."
          value={target}
          error={action.fields.target}
          onChange={(event) => setTarget(event.currentTarget.value)}
          // The button beside the input itself, under the label and description, so the two line up.
          inputContainer={(input) => (
            <Group gap="sm" wrap="nowrap">
              <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
              <Button
                type="submit"
                loading={action.busy}
                leftSection={<IconUsersPlus size={16} aria-hidden />}
              >
                Join
              </Button>
            </Group>
          )}
        />
        {action.error && (
          <Text size="sm" c="red" role="alert">
            {action.error}
          </Text>
        )}
        {joined && (
          <Text size="sm" c="teal" role="status">
            Joined {joined.title}.
          </Text>
        )}
        {joined?.warnings.map((warning) => (
          <Alert key={warning} color="yellow" icon={<IconAlertTriangle size={16} aria-hidden />} p="xs">
            {warning}
          </Alert>
        ))}
      </Stack>
    </form>
  );
}
