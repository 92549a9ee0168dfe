import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import {
  IconFileText,
  IconMicrophone,
  IconMovie,
  IconMusic,
  IconPaperclip,
  IconPhoto,
  IconSticker2,
} from '@tabler/icons-react';
import { type ChangeEvent, type ReactNode, useRef } from 'react';
import type { SimulatedFileKind } from '../../../../shared/api/conversation-contract';
import type { ChatRef } from '../../conversations/model';
import { ATTACH_KINDS } from '../model/attachment';
import { playgroundSelectors } from '../selectors';
import { usePlaygroundStore } from '../store';

export const ATTACH_ICONS: Record<SimulatedFileKind, ReactNode> = {
  photo: <IconPhoto size={16} aria-hidden />,
  video: <IconMovie size={16} aria-hidden />,
  voice: <IconMicrophone size={16} aria-hidden />,
  audio: <IconMusic size={16} aria-hidden />,
  document: <IconFileText size={16} aria-hidden />,
  sticker: <IconSticker2 size={16} aria-hidden />,
};

/**
 * Picks a file from disk for the person to send: first what to send it as, then the file. The
 * file input lives outside the menu, which is gone by the time the dialog answers.
 */
export function AttachButton({ chatRef, disabled }: { chatRef: ChatRef; disabled: boolean }) {
  const { attach } = usePlaygroundStore(playgroundSelectors.actions);
  const input = useRef<HTMLInputElement>(null);
  const kind = useRef<SimulatedFileKind>('photo');

  const pick = (option: (typeof ATTACH_KINDS)[number]) => {
    const element = input.current;
    if (!element) return;
    kind.current = option.kind;
    element.accept = option.accept;
    element.value = '';
    element.click();
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (file) attach(chatRef, kind.current, file);
  };

  return (
    <>
      <input ref={input} type="file" hidden onChange={onChange} />
      <Menu position="top-end" shadow="md" width={190} disabled={disabled}>
        <Menu.Target>
          <Tooltip label="Send a file">
            <ActionIcon size="lg" variant="subtle" color="gray" aria-label="Send a file" disabled={disabled}>
              <IconPaperclip size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown aria-label="Send a file as">
          <Menu.Label>Send as</Menu.Label>
          {ATTACH_KINDS.map((option) => (
            <Menu.Item key={option.kind} leftSection={ATTACH_ICONS[option.kind]} onClick={() => pick(option)}>
              {option.label}…
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
