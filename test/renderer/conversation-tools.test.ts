import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ConversationToolsMenu } from '../../src/renderer/features/conversation-tools/components/ConversationToolsMenu';
import { TimelineTaskRow } from '../../src/renderer/features/conversation-tools/components/TimelineTaskRow';
import { ToolsNotice } from '../../src/renderer/features/conversation-tools/components/ToolsNotice';
import { browserLanguage, toolsKey } from '../../src/renderer/features/conversation-tools/model';
import {
  type ChatTools,
  type ConversationToolsStore,
  createConversationToolsStore,
  translationOf,
} from '../../src/renderer/features/conversation-tools/store';
import { mergeMessages } from '../../src/renderer/features/conversations/model';
import { timelineRows } from '../../src/renderer/features/conversations/model/timeline-rows';
import { ApiError } from '../../src/shared/api/errors';
import type { ChatMsg } from '../../src/shared/domain/conversation';
import { taskRow as row } from '../support/task-log-rows';
import { FakeRuntime, settle } from './support/fake-runtime';
import { renderToolsMarkup } from './support/render-conversation-tools';
import { textOf } from './support/render-markup';

const AGENT = 'Juniper';

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

function setUp(storage = memoryStorage()) {
  const runtime = new FakeRuntime();
  const chat = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Ada' }]);
  const personId = chat.people[0]!.id;
  const ref = { network: 'simulator' as const, agent: AGENT, channelId: chat.info.channelId };
  const tools = createConversationToolsStore(runtime.client, storage);
  runtime.client.on('conversation.taskLogged', ({ row: logged, ...at }) =>
    tools.getState().actions.applyTaskLogged(at, logged),
  );
  runtime.client.on('conversation.translated', ({ language, translations, ...at }) =>
    tools.getState().actions.applyTranslated(at, language, translations),
  );
  const say = (text: string): ChatMsg =>
    runtime.personSays(AGENT, chat.info.channelId, personId, text ? [{ kind: 'text', text }] : []);
  const state = () => tools.getState().chats[toolsKey(ref)];
  return { runtime, ref, tools, say, state, storage };
}

/** The chat's tools notice, drawn. */
function noticeMarkup(tools: ConversationToolsStore, chatTools: ChatTools | undefined): string {
  const noop = () => undefined;
  return renderToolsMarkup(
    tools,
    createElement(ToolsNotice, {
      tools: chatTools,
      onRetryTranslation: noop,
      onCloseTranslation: noop,
      onCloseTaskLog: noop,
    }),
  );
}

describe('the task log between the messages', () => {
  it('loads the span of the messages loaded from two minutes before, then older spans, and takes live rows', async () => {
    const { runtime, ref, tools, state } = setUp();
    runtime.conversationTools.seedTaskRows(ref, [
      row(1, '2026-03-01T09:50:00.000Z'),
      row(2, '2026-03-01T09:59:00.000Z'),
      row(3, '2026-03-01T10:01:00.000Z'),
    ]);
    const { actions } = tools.getState();
    actions.setShowTaskLog(ref, true);
    await actions.coverTaskLog(ref, '2026-03-01T10:00:00.000Z');
    expect(state()?.taskLog.rows.map((r) => r.id)).toEqual([2, 3]);
    expect(state()?.taskLog.since).toBe('2026-03-01T09:58:00.000Z');

    // An older page: only the span before the one loaded is asked for.
    await actions.coverTaskLog(ref, '2026-03-01T09:51:00.000Z');
    expect(state()?.taskLog.rows.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(runtime.callsOf('conversations.taskLog').at(-1)).toMatchObject({
      since: '2026-03-01T09:49:00.000Z',
      until: '2026-03-01T09:58:00.000Z',
    });

    runtime.emit('conversation.taskLogged', { ...ref, row: row(4, '2026-03-01T10:02:00.000Z') });
    runtime.emit('conversation.taskLogged', {
      ...ref,
      channelId: ref.channelId + 1,
      row: row(5, '2026-03-01T10:02:00.000Z'),
    });
    await settle();
    expect(state()?.taskLog.rows.map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });

  it('places the rows between the messages at their times, each a muted row of its own', () => {
    const messages = [
      { channelId: 1, messageId: 1, sentAt: '2026-03-01T10:00:00.000Z' },
      { channelId: 1, messageId: 2, sentAt: '2026-03-01T10:05:00.000Z' },
    ].map(
      (m) =>
        ({
          ...m,
          senderId: 1,
          senderName: 'Ada',
          senderUsername: null,
          isAgent: false,
          replyToMessageId: null,
          editedAt: null,
          parts: [{ kind: 'text', text: 'hi' }],
          reactions: [],
          mentioned: false,
        }) as ChatMsg,
    );
    const window = mergeMessages({ ids: [], byId: {} }, messages);
    const rows = timelineRows(
      window,
      [],
      false,
      [],
      [
        row(10, '2026-03-01T09:59:00.000Z'),
        row(11, '2026-03-01T10:01:00.000Z', {
          kind: 'llm_usage',
          outcome: null,
          operation: 'received',
          model: 'gemini-2.5-flash',
          costUsd: 0.0021,
        }),
      ],
    );
    expect(rows.map((r) => r.key)).toEqual(['edge', 't-10', `day-1`, 'm-1', 't-11', 'm-2']);
    // The message after task-log rows starts a new run of its sender's.
    expect(rows.find((r) => r.key === 'm-2')).toMatchObject({ continues: false });

    const failed = row(12, '2026-03-01T10:02:00.000Z', { outcome: 'failed', failure: 'Flood wait' });
    const { tools } = setUp();
    expect(textOf(renderToolsMarkup(tools, createElement(TimelineTaskRow, { row: failed })))).toContain(
      'send · failed · Flood wait',
    );
    const call = rows.find((r) => r.key === 't-11');
    expect(
      call?.kind === 'task' &&
        textOf(renderToolsMarkup(tools, createElement(TimelineTaskRow, { row: call.row }))),
    ).toContain('LLM received · gemini-2.5-flash · $0.0021');
  });
});

describe('translations', () => {
  it('asks once for the messages with words, fills them in as batches arrive, and asks again after an edit', async () => {
    const { runtime, ref, tools, say, state } = setUp();
    const hello = say('Hello');
    const sticker = say('');
    const { actions } = tools.getState();
    actions.setLanguage('de');
    actions.setTranslate(ref, true);
    await actions.translateMessages(ref, [hello, sticker]);
    await settle();
    expect(runtime.callsOf('conversations.translate')).toEqual([
      { ...ref, language: 'de', messages: [{ messageId: hello.messageId, text: 'Hello' }] },
    ]);
    expect(translationOf(state(), hello)).toBe('[de] Hello');

    await actions.translateMessages(ref, [hello, sticker]);
    expect(runtime.callsOf('conversations.translate')).toHaveLength(1);

    const edited = { ...hello, parts: [{ kind: 'text' as const, text: 'Hello again' }] };
    expect(translationOf(state(), edited)).toBeNull();
    await actions.translateMessages(ref, [edited]);
    expect(translationOf(tools.getState().chats[toolsKey(ref)], edited)).toBe('[de] Hello again');
  });

  it('remembers the language in storage and starts from the browser language', () => {
    const storage = memoryStorage();
    const { tools } = setUp(storage);
    expect(tools.getState().language).toBe(browserLanguage());
    tools.getState().actions.setLanguage('fr');
    expect(storage.getItem('troupe-translation-language')).toBe('fr');
    expect(setUp(storage).tools.getState().language).toBe('fr');
    expect(browserLanguage(['pt-BR', 'en-US'])).toBe('pt');
    expect(browserLanguage(['tlh'])).toBe('en');
  });

  it('shows why a translation failed, with the way to Settings, and asks again only once told to', async () => {
    const { runtime, ref, tools, say, state } = setUp();
    const hello = say('Hello');
    runtime.conversationTools.translateError = new ApiError(
      'unavailable',
      'Translation failed: Set the Gemini API key in Settings.',
      undefined,
      { remedy: 'settings' },
    );
    const { actions } = tools.getState();
    actions.setTranslate(ref, true);
    await actions.translateMessages(ref, [hello]);
    const notice = () => noticeMarkup(tools, state());
    expect(textOf(notice())).toContain('Set the Gemini API key in Settings.');
    expect(notice()).toContain('href="/settings"');
    expect(textOf(notice())).not.toContain('Try again');

    // Each ask is a paid call: while the failure stands, newly loaded messages are not asked for.
    runtime.conversationTools.translateError = null;
    await actions.translateMessages(ref, [hello, say('Are you there?')]);
    expect(runtime.callsOf('conversations.translate')).toHaveLength(1);

    actions.retryTranslation(ref);
    await actions.translateMessages(ref, [hello]);
    expect(translationOf(state(), hello)).toMatch(/Hello$/);
    expect(state()?.translations.error).toBeNull();
  });

  it('offers another try, not Settings, when the model’s answer could not be used', async () => {
    const { runtime, ref, tools, say, state } = setUp();
    runtime.conversationTools.translateError = new ApiError(
      'unavailable',
      'The model’s translation could not be used: The answer has no "translations" list.',
      undefined,
      { remedy: 'retry' },
    );
    const { actions } = tools.getState();
    actions.setTranslate(ref, true);
    await actions.translateMessages(ref, [say('Hello')]);
    const notice = noticeMarkup(tools, state());
    expect(textOf(notice)).toContain('Try again');
    expect(notice).not.toContain('href="/settings"');
  });

  it('draws the tools as one labelled menu button, marked while a tool is on', () => {
    const { ref, tools } = setUp();
    const menu = () => renderToolsMarkup(tools, createElement(ConversationToolsMenu, { chat: ref }));
    expect(menu()).toContain('aria-label="Conversation tools"');
    expect(menu()).toContain('data-variant="default"');
    tools.getState().actions.setShowTaskLog(ref, true);
    expect(menu()).toContain('data-variant="light"');
  });
});
