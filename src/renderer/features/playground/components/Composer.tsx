import {
  ActionIcon,
  Avatar,
  CloseButton,
  Group,
  Loader,
  Popover,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconSend2, IconSticker } from '@tabler/icons-react';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ChatPerson, StickerRef } from '../../../../shared/domain/conversation';
import { errorMessage } from '../../../api/errors';
import { COMPOSER_INPUT_ID } from '../../conversations/components/MessageTimeline';
import { type ChatRef, initials, messagePreview, senderColor } from '../../conversations/model';
import { conversationSelectors } from '../../conversations/selectors';
import { type ConversationState, useConversationStore } from '../../conversations/store';
import { playgroundSelectors } from '../selectors';
import { usePlaygroundStore } from '../store';
import { AttachButton } from './AttachButton';
import { AttachmentPanel } from './AttachmentPanel';

function fullName(person: ChatPerson): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ');
}

function isEmoji(name: string): boolean {
  return name.length <= 8 && /\p{Extended_Pictographic}/u.test(name);
}

function StickerPicker({
  agent,
  disabled,
  onPick,
}: {
  agent: string;
  disabled: boolean;
  onPick: (sticker: StickerRef) => void;
}) {
  const [opened, setOpened] = useState(false);
  const stickers = useConversationStore(useMemo(() => conversationSelectors.stickers(agent), [agent]));
  const { loadStickers } = useConversationStore(conversationSelectors.actions);

  const toggle = () => {
    if (!opened && stickers.status !== 'ready') void loadStickers(agent);
    setOpened(!opened);
  };

  let body: React.ReactNode;
  if (stickers.status === 'error') {
    body = (
      <Text size="sm" c="red" role="alert">
        {stickers.error}
      </Text>
    );
  } else if (stickers.status !== 'ready') {
    body = (
      <Group justify="center" py="md">
        <Loader size="sm" aria-label="Loading stickers" />
      </Group>
    );
  } else if (stickers.value.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        This agent has no stickers. Add sticker sets to its file, or stickers to its media library.
      </Text>
    );
  } else {
    const sets = new Map<string, StickerRef[]>();
    for (const sticker of stickers.value) {
      const title = sticker.setTitle ?? sticker.setName;
      sets.set(title, [...(sets.get(title) ?? []), sticker]);
    }
    body = (
      <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
        <Stack gap="sm">
          {[...sets].map(([title, items]) => (
            <Stack key={title} gap={4} role="group" aria-label={title}>
              <Text size="xs" fw={600} c="dimmed" truncate>
                {title}
              </Text>
              <SimpleGrid cols={5} spacing={4} verticalSpacing={4}>
                {items.map((sticker) => (
                  <Tooltip
                    key={sticker.uniqueId}
                    label={sticker.description ?? `${sticker.name} (no description)`}
                    multiline
                    maw={240}
                    openDelay={250}
                  >
                    <UnstyledButton
                      className="tc-emoji-button"
                      aria-label={`Send sticker ${sticker.name} from ${title}${sticker.description ? `: ${sticker.description}` : ''}`}
                      onClick={() => {
                        setOpened(false);
                        onPick(sticker);
                      }}
                      h={52}
                      style={{ textAlign: 'center', overflow: 'hidden' }}
                    >
                      {isEmoji(sticker.name) ? (
                        <Text span fz={30} lh={1} aria-hidden>
                          {sticker.name}
                        </Text>
                      ) : (
                        <Text span size="10px" ff="monospace" lineClamp={2} px={2}>
                          {sticker.name}
                        </Text>
                      )}
                    </UnstyledButton>
                  </Tooltip>
                ))}
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="top-end"
      shadow="md"
      width={320}
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Tooltip label="Send a sticker" disabled={opened}>
          <ActionIcon
            size="lg"
            variant="subtle"
            color="gray"
            aria-label="Send a sticker"
            aria-expanded={opened}
            aria-haspopup="dialog"
            disabled={disabled}
            onClick={toggle}
          >
            <IconSticker size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown aria-label="Stickers">
        <Stack gap="xs">
          <Text size="xs" fw={650} c="dimmed" tt="uppercase" lts={0.4}>
            Stickers the agent knows
          </Text>
          {body}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function PersonSwitch({
  chatRef,
  people,
  personId,
}: {
  chatRef: ChatRef;
  people: ChatPerson[];
  personId: number | null;
}) {
  const { setComposerPerson } = useConversationStore(conversationSelectors.actions);
  const person = people.find((candidate) => candidate.id === personId);
  if (people.length <= 1) {
    return (
      <Tooltip label={person ? `You write as ${fullName(person)}` : 'Loading…'}>
        <Avatar
          radius="xl"
          size={34}
          color={senderColor(personId)}
          variant="light"
          aria-label={person ? `Writing as ${fullName(person)}` : undefined}
        >
          {person ? initials(fullName(person)) : '…'}
        </Avatar>
      </Tooltip>
    );
  }
  return (
    <Select
      aria-label="Write as"
      size="sm"
      w={{ base: 112, sm: 150 }}
      data={people.map((candidate) => ({ value: String(candidate.id), label: fullName(candidate) }))}
      value={personId === null ? null : String(personId)}
      onChange={(value) => {
        if (value) setComposerPerson(chatRef, Number(value));
      }}
      allowDeselect={false}
      leftSection={
        <Avatar radius="xl" size={20} color={senderColor(personId)} variant="filled" aria-hidden>
          {person ? initials(fullName(person)).slice(0, 1) : ''}
        </Avatar>
      }
      comboboxProps={{ position: 'top-start' }}
    />
  );
}

const NO_PEOPLE: ChatPerson[] = [];

/** What the composer draws: the people, who writes, and the message replied to. */
function composerState(chatRef: ChatRef) {
  return (s: ConversationState) => {
    const view = conversationSelectors.chat(chatRef)(s);
    const replyToId = view?.composer.replyToId ?? null;
    return {
      people: view?.detail.value?.people ?? NO_PEOPLE,
      personId: view?.composer.personId ?? null,
      replyToId,
      replyTo: replyToId === null ? undefined : view?.timeline.window.byId[replyToId],
    };
  };
}

/**
 * Writing as a simulated person: the person (switchable in groups), the message being replied
 * to, text with Enter to send, stickers and files. Typing tells the Simulator the person is typing.
 */
export function Composer({ chatRef, agentName }: { chatRef: ChatRef; agentName: string }) {
  const { sendText, sendSticker, setReplyTo, signalTyping } = useConversationStore(
    conversationSelectors.actions,
  );
  const [draft, setDraft] = useState('');
  const { people, personId, replyToId, replyTo } = useConversationStore(
    useShallow(useMemo(() => composerState(chatRef), [chatRef])),
  );
  const person = people.find((candidate) => candidate.id === personId);
  const ready = person !== undefined;
  const attachment = usePlaygroundStore(useMemo(() => playgroundSelectors.attachment(chatRef), [chatRef]));
  const { sendAttachment } = usePlaygroundStore(playgroundSelectors.actions);

  const run = async (send: () => Promise<void>) => {
    try {
      await send();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not sent', message: errorMessage(error) });
    }
  };

  const submit = () => {
    if (!ready || draft.trim() === '') return;
    const text = draft;
    setDraft('');
    void run(() => sendText(chatRef, text));
  };

  const sendFile = async () => {
    if (!person) return;
    const sent = await sendAttachment(chatRef, { personId: person.id, replyTo: replyToId });
    if (sent && replyToId !== null) setReplyTo(chatRef, null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && replyToId !== null) {
      event.preventDefault();
      setReplyTo(chatRef, null);
    }
  };

  const label = person ? `Message as ${fullName(person)}` : 'Message';

  return (
    <div className="pg-composer">
      {replyTo && (
        <Group px="md" pt={8} gap="sm" wrap="nowrap" aria-live="polite">
          <IconArrowBackUp
            size={18}
            aria-hidden
            style={{ flex: 'none', color: 'var(--mantine-primary-color-filled)' }}
          />
          <Stack
            gap={0}
            miw={0}
            style={{ flex: 1, borderLeft: '2px solid var(--mantine-primary-color-filled)', paddingLeft: 8 }}
          >
            <Text size="xs" fw={650} c="indigo">
              Replying to {replyTo.isAgent ? agentName : (replyTo.senderName ?? 'Someone')}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {messagePreview(replyTo)}
            </Text>
          </Stack>
          <CloseButton size="sm" aria-label="Cancel the reply" onClick={() => setReplyTo(chatRef, null)} />
        </Group>
      )}
      {attachment && <AttachmentPanel chatRef={chatRef} draft={attachment} onSend={() => void sendFile()} />}
      <Group px="md" py="sm" gap="xs" align="flex-end" wrap="nowrap">
        <PersonSwitch chatRef={chatRef} people={people} personId={personId} />
        <Textarea
          id={COMPOSER_INPUT_ID}
          aria-label={label}
          placeholder={person ? `Write as ${person.firstName}…` : 'Loading the chat…'}
          autosize
          minRows={1}
          maxRows={8}
          radius="lg"
          value={draft}
          disabled={!ready}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            if (event.currentTarget.value.trim() !== '') signalTyping(chatRef);
          }}
          onKeyDown={onKeyDown}
          style={{ flex: 1 }}
        />
        <AttachButton chatRef={chatRef} disabled={!ready} />
        <StickerPicker
          agent={chatRef.agent}
          disabled={!ready}
          onPick={(sticker) => void run(() => sendSticker(chatRef, sticker))}
        />
        <Tooltip label="Send (Enter)">
          <ActionIcon
            size="lg"
            radius="xl"
            aria-label="Send"
            onClick={submit}
            disabled={!ready || draft.trim() === ''}
          >
            <IconSend2 size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </div>
  );
}
