import { Button, CloseButton, Group, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { takesCaption } from '../../../../shared/api/conversation-contract';
import type { ChatRef } from '../../conversations/model';
import { type AttachmentDraft, attachKindLabel, canSend, formatFileSize } from '../model/attachment';
import { playgroundSelectors } from '../selectors';
import { usePlaygroundStore } from '../store';
import { ATTACH_ICONS } from './AttachButton';

/**
 * The file the person is about to send: its name and size, a caption (an emoji for a sticker),
 * and why it cannot go, if it cannot. Enter in the caption sends; Escape drops the file.
 */
export function AttachmentPanel({
  chatRef,
  draft,
  onSend,
}: {
  chatRef: ChatRef;
  draft: AttachmentDraft;
  onSend: () => void;
}) {
  const { editAttachment, discardAttachment } = usePlaygroundStore(playgroundSelectors.actions);
  const sending = draft.status === 'sending';
  const label = attachKindLabel(draft.kind);
  const alert = draft.problem ?? draft.error;
  const extra = takesCaption(draft.kind)
    ? { caption: true, label: 'Caption', placeholder: 'Add a caption (optional)', value: draft.caption }
    : {
        caption: false,
        label: 'Sticker emoji',
        placeholder: 'The emoji it stands for (optional)',
        value: draft.stickerEmoji,
      };

  // A picked file is written about next: its caption takes the focus.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (draft.file) field.current?.focus();
  }, [draft.file]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (canSend(draft)) onSend();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      discardAttachment(chatRef);
    }
  };

  return (
    <Stack px="md" pt={8} gap={6} role="group" aria-label={`${label} to send`}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
          {ATTACH_ICONS[draft.kind]}
        </ThemeIcon>
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Text size="sm" fw={600} truncate title={draft.fileName}>
            {draft.fileName}
          </Text>
          <Text size="xs" c={draft.problem ? 'red' : 'dimmed'}>
            {label} · {formatFileSize(draft.size)}
          </Text>
        </Stack>
        <CloseButton
          size="sm"
          aria-label={`Remove ${draft.fileName}`}
          disabled={sending}
          onClick={() => discardAttachment(chatRef)}
        />
      </Group>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          ref={field}
          aria-label={extra.label}
          placeholder={extra.placeholder}
          size="sm"
          style={{ flex: 1 }}
          value={extra.value}
          disabled={sending}
          onChange={(event) => {
            const value = event.currentTarget.value;
            editAttachment(chatRef, extra.caption ? { caption: value } : { stickerEmoji: value });
          }}
          onKeyDown={onKeyDown}
        />
        <Button size="sm" onClick={onSend} loading={sending} disabled={!canSend(draft)}>
          Send {label.toLowerCase()}
        </Button>
      </Group>
      {alert && (
        <Text size="xs" c="red" role="alert">
          {alert}
        </Text>
      )}
    </Stack>
  );
}
