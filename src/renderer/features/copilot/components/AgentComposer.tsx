import { ActionIcon, Group, Select, Stack, Textarea, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend, IconSticker } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import type { ConversationRef } from '../../../../shared/api/conversation-contract';
import type { ChatMsg, StickerRef } from '../../../../shared/domain/conversation';
import { errorMessage, fieldErrors } from '../../../api/errors';
import { useCopilotStore } from '../store';

/** A person's message, as the reply picker names it. */
function replyOption(message: ChatMsg): { value: string; label: string } {
  const text = message.parts.map((part) => (part.kind === 'text' ? part.text : `[${part.kind}]`)).join(' ');
  const who = message.senderName ?? 'Someone';
  return { value: String(message.messageId), label: `${who}: ${text.slice(0, 60)}` };
}

/**
 * Writing as the agent: a text (or one of its stickers), maybe a reply to a recent message. It
 * goes out paced like the agent's own and is the agent's in the history it thinks with.
 */
export function AgentComposer({
  conversation,
  agentName,
  recent,
}: {
  conversation: ConversationRef;
  agentName: string;
  /** The newest messages of others, newest first, to reply to. */
  recent: readonly ChatMsg[];
}) {
  const { send, stickersOf } = useCopilotStore((state) => state.actions);
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [stickers, setStickers] = useState<StickerRef[] | null>(null);
  const [sticker, setSticker] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let current = true;
    // Without stickers (none, or the account is away) the operator writes text.
    stickersOf(conversation.agent, conversation.network)
      .then((found) => current && setStickers(found))
      .catch(() => current && setStickers([]));
    return () => {
      current = false;
    };
  }, [conversation.agent, conversation.network, stickersOf]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const chosen = sticker === null ? null : stickers?.find((candidate) => candidate.uniqueId === sticker);
    const message = chosen
      ? { kind: 'sticker' as const, setName: chosen.setName, name: chosen.name }
      : { kind: 'text' as const, text };
    setSending(true);
    setError(null);
    try {
      await send(conversation, message, replyTo === null ? null : Number(replyTo));
      setText('');
      setSticker(null);
      setReplyTo(null);
    } catch (caught) {
      const field = fieldErrors(caught)['message.text'];
      if (field) setError(field);
      else
        notifications.show({
          color: 'red',
          title: 'The message was not sent',
          message: errorMessage(caught),
        });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack
      component="form"
      gap={6}
      onSubmit={(event) => void submit(event)}
      aria-label={`Write as ${agentName}`}
    >
      <Group gap={6} wrap="wrap">
        <Select
          size="xs"
          aria-label="Reply to"
          placeholder="Not a reply"
          clearable
          data={recent.map(replyOption)}
          value={replyTo}
          onChange={setReplyTo}
          w={260}
          comboboxProps={{ withinPortal: true }}
        />
        {stickers && stickers.length > 0 && (
          <Select
            size="xs"
            aria-label="Send a sticker instead"
            placeholder="Sticker…"
            leftSection={<IconSticker size={14} aria-hidden />}
            clearable
            searchable
            data={stickers.map((candidate) => ({
              value: candidate.uniqueId,
              label: `${candidate.name} (${candidate.setTitle ?? candidate.setName})`,
            }))}
            value={sticker}
            onChange={setSticker}
            w={220}
          />
        )}
      </Group>
      <Group gap={6} align="flex-end" wrap="nowrap">
        <Textarea
          style={{ flex: 1 }}
          aria-label={`Message as ${agentName}`}
          placeholder={sticker ? 'The sticker goes instead of a text' : `Write as ${agentName}…`}
          autosize
          minRows={1}
          maxRows={6}
          value={text}
          disabled={sticker !== null}
          error={error}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void submit();
            }
          }}
        />
        <Tooltip label={`Send as ${agentName}, paced like it`}>
          <ActionIcon
            type="submit"
            size="lg"
            aria-label={`Send as ${agentName}`}
            loading={sending}
            disabled={sticker === null && text.trim() === ''}
          >
            <IconSend size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
}
