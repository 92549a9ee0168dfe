import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import type { Network } from '../../../../shared/api/conversation-contract';
import type { ChatInfo } from '../../../../shared/domain/conversation';
import { errorMessage, fieldErrors } from '../../../api/errors';
import { useCopilotStore } from '../store';

type Target = Pick<ChatInfo, 'channelId' | 'title' | 'kind'>;

const NETWORK_LABELS: Record<Network, string> = { telegram: 'Telegram', simulator: 'Simulator' };

/**
 * An intent for the agent (an xsend from the console): the agent starts a turn in the chosen
 * conversation with it as an instruction nobody there sees. The conversation is the one open, or
 * one the operator names by user id, @username or +phone, found before anything is sent.
 */
export function XSendDialog({
  agent,
  network: initialNetwork,
  target: initialTarget = null,
  opened,
  onClose,
}: {
  agent: string;
  network: Network;
  /** The conversation open in the view, if any; the operator may pick another. */
  target?: Target | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { findConversation, xsend } = useCopilotStore((state) => state.actions);
  const [network, setNetwork] = useState<Network>(initialNetwork);
  const [target, setTarget] = useState<Target | null>(initialTarget);
  const [query, setQuery] = useState('');
  const [queryError, setQueryError] = useState<string | null>(null);
  const [finding, setFinding] = useState(false);
  const [intent, setIntent] = useState('');
  const [intentError, setIntentError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const find = async () => {
    setFinding(true);
    setQueryError(null);
    try {
      setTarget(await findConversation(agent, network, query));
    } catch (error) {
      setQueryError(fieldErrors(error).query ?? errorMessage(error));
    } finally {
      setFinding(false);
    }
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    setSending(true);
    setIntentError(null);
    try {
      const started = await xsend({ agent, network, channelId: target.channelId }, intent);
      notifications.show({
        color: 'teal',
        title: `${agent} has the intent`,
        message: started
          ? `It is thinking about it in ${target.title} now.`
          : `It joins the turn already due in ${target.title}.`,
      });
      setIntent('');
      onClose();
    } catch (error) {
      const field = fieldErrors(error).intent;
      if (field) setIntentError(field);
      else
        notifications.show({ color: 'red', title: 'The intent was not sent', message: errorMessage(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Give ${agent} an intent`} size="lg">
      <Stack component="form" gap="md" onSubmit={(event) => void send(event)}>
        <Text size="sm" c="dimmed">
          {agent} starts a turn in the conversation with this as an instruction to itself. Nobody there sees
          it, and it works even where the agent is gagged.
        </Text>
        {target ? (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm">
              In <b>{target.title}</b> ({target.kind === 'direct' ? 'direct chat' : target.kind},{' '}
              {NETWORK_LABELS[network]} {target.channelId})
            </Text>
            <Button size="xs" variant="subtle" onClick={() => setTarget(null)}>
              Another conversation…
            </Button>
          </Group>
        ) : (
          <Stack gap={6}>
            <SegmentedControl
              size="xs"
              w="fit-content"
              aria-label="Network"
              value={network}
              onChange={(value) => setNetwork(value as Network)}
              data={[
                { value: 'telegram', label: 'Telegram' },
                { value: 'simulator', label: 'Simulator' },
              ]}
            />
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                label="Conversation"
                description="A user or chat id, an @username or a +phone number"
                placeholder="@username"
                value={query}
                error={queryError}
                onChange={(event) => setQuery(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    void find();
                  }
                }}
                style={{ flex: 1 }}
                data-autofocus
              />
              <Button mt={44} variant="default" loading={finding} onClick={() => void find()}>
                Find
              </Button>
            </Group>
          </Stack>
        )}
        <Textarea
          label="Intent"
          description="What the agent should do, in your words; it decides how to say it."
          placeholder="Ask how the exam went, and wish luck for the next one."
          autosize
          minRows={3}
          maxRows={10}
          value={intent}
          error={intentError}
          onChange={(event) => setIntent(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="subtle" color="gray" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={sending} disabled={!target || intent.trim() === ''}>
            Send intent
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
