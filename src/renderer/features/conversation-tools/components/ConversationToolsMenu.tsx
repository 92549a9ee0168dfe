import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconDownload,
  IconLanguage,
  IconListDetails,
  IconPrinter,
  IconTool,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { conversationExportPath, TRANSLATION_LANGUAGES } from '../../../../shared/api';
import { errorMessage } from '../../../api/errors';
import { languageLabel, type ToolsChatRef, toolsKey } from '../model';
import { printConversation } from '../print-view';
import { useConversationToolsStore } from '../store';
import '../conversation-tools.css';

const check = (on: boolean) => (on ? <IconCheck size={14} aria-hidden /> : <span style={{ width: 14 }} />);

/**
 * The conversation view's tools, one compact menu in the chat's header: show the task log between
 * the messages, translate them (and into which language), download the conversation as a zip
 * (what the view shows: its summaries, and the task log and translations when they are on) and
 * print it. Every item is reachable with the keyboard.
 */
export function ConversationToolsMenu({ chat }: { chat: ToolsChatRef }) {
  const key = toolsKey(chat);
  const tools = useConversationToolsStore((state) => state.chats[key]);
  const language = useConversationToolsStore((state) => state.language);
  const actions = useConversationToolsStore((state) => state.actions);
  const [opened, setOpened] = useState(false);
  const showTaskLog = tools?.showTaskLog ?? false;
  const translate = tools?.translate ?? false;

  const exportPath = (print: boolean) =>
    `${conversationExportPath({
      ...chat,
      options: { summaries: true, taskLog: showTaskLog, translationLanguage: translate ? language : null },
      print,
    })}&tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`;
  const languages = useMemo(
    () =>
      TRANSLATION_LANGUAGES.some((item) => item.tag === language)
        ? TRANSLATION_LANGUAGES
        : [{ tag: language, name: languageLabel(language) }, ...TRANSLATION_LANGUAGES],
    [language],
  );
  const print = () =>
    printConversation(exportPath(true)).catch((error: unknown) =>
      notifications.show({
        color: 'red',
        title: 'The conversation could not be printed',
        message: errorMessage(error),
      }),
    );

  return (
    <Menu
      position="bottom-end"
      withinPortal
      shadow="md"
      width={250}
      closeOnItemClick
      opened={opened}
      onChange={setOpened}
    >
      <Menu.Target>
        <Tooltip label="Task log, translation, download, print" position="bottom-end" disabled={opened}>
          <ActionIcon
            variant={showTaskLog || translate ? 'light' : 'default'}
            size={30}
            aria-label="Conversation tools"
            data-testid="conversation-tools"
            style={{ flex: 'none' }}
          >
            <IconTool size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Show in the timeline</Menu.Label>
        {/* Mantine's items are always `menuitem`s, so each says in words what choosing it does. */}
        <Menu.Item
          leftSection={<IconListDetails size={16} aria-hidden />}
          rightSection={check(showTaskLog)}
          onClick={() => actions.setShowTaskLog(chat, !showTaskLog)}
        >
          {showTaskLog ? 'Hide the task log' : 'Show the task log'}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLanguage size={16} aria-hidden />}
          rightSection={check(translate)}
          onClick={() => actions.setTranslate(chat, !translate)}
        >
          {translate ? 'Stop translating' : `Translate into ${languageLabel(language)}`}
        </Menu.Item>
        <Menu.Sub position="left-start">
          <Menu.Sub.Target>
            <Menu.Sub.Item leftSection={<span style={{ width: 16 }} />}>
              Language: {languageLabel(language)}
            </Menu.Sub.Item>
          </Menu.Sub.Target>
          <Menu.Sub.Dropdown>
            {languages.map((item) => (
              <Menu.Item
                key={item.tag}
                aria-label={item.tag === language ? `${item.name}, chosen` : item.name}
                rightSection={check(item.tag === language)}
                onClick={() => actions.setLanguage(item.tag)}
              >
                {item.name}
              </Menu.Item>
            ))}
          </Menu.Sub.Dropdown>
        </Menu.Sub>
        <Menu.Divider />
        <Menu.Label>This conversation</Menu.Label>
        <Menu.Item
          component="a"
          href={exportPath(false)}
          download
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Download (HTML + media, zip)
        </Menu.Item>
        <Menu.Item leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => void print()}>
          Print…
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
