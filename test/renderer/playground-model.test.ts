import { describe, expect, it } from 'vitest';
import {
  chatPresence,
  continuesRun,
  EMPTY_WINDOW,
  formatCost,
  formatCountdown,
  formatLatency,
  formatSeconds,
  groupReactions,
  initials,
  mergeMessages,
  messagePreview,
  removeMessages,
  shouldSignalTyping,
  stripMarkdown,
  unfinishedTaskCount,
  unreadPeopleMessageIds,
  waitRemainingMs,
} from '../../src/renderer/features/conversations/model';
import type { ChatMsg } from '../../src/shared/domain/conversation';
import type { TaskGraphView, TaskNodeView } from '../../src/shared/domain/tasks';
import { plan, task } from './support/plan-fixture';

function msg(messageId: number, overrides: Partial<ChatMsg> = {}): ChatMsg {
  return {
    channelId: 1001,
    messageId,
    senderId: 1001,
    senderName: 'Ada',
    senderUsername: null,
    isAgent: false,
    replyToMessageId: null,
    sentAt: `2025-06-01T12:00:${String(messageId).padStart(2, '0')}.000Z`,
    editedAt: null,
    parts: [{ kind: 'text', text: `m${messageId}` }],
    reactions: [],
    mentioned: false,
    ...overrides,
  };
}

const node = task;

function graph(nodes: TaskNodeView[]): TaskGraphView {
  return plan('g', nodes);
}

describe('playground model: messages', () => {
  it('merges pages and live messages in id order, each once, the newest copy winning', () => {
    const page = mergeMessages(EMPTY_WINDOW, [msg(3), msg(4)]);
    const older = mergeMessages(page, [msg(1), msg(2), msg(3)]);
    const edited = mergeMessages(older, [msg(2, { parts: [{ kind: 'text', text: 'edited' }] })]);

    expect(older.ids).toEqual([1, 2, 3, 4]);
    expect(edited.ids).toBe(older.ids);
    expect(messagePreview(edited.byId[2]!)).toBe('edited');
    expect(mergeMessages(edited, [])).toBe(edited);
    expect(removeMessages(edited, [2, 9]).ids).toEqual([1, 3, 4]);
    expect(removeMessages(edited, [9])).toBe(edited);
  });

  it('previews text, stickers, media, service lines and unknown parts in one line', () => {
    expect(messagePreview(msg(1, { parts: [{ kind: 'text', text: 'Hello\n  there' }] }))).toBe('Hello there');
    expect(
      messagePreview(
        msg(1, {
          parts: [
            { kind: 'media', mediaKind: 'sticker', uniqueId: 'u', description: 'a cat', stickerName: '😺' },
          ],
        }),
      ),
    ).toBe('😺 Sticker');
    expect(
      messagePreview(
        msg(1, { parts: [{ kind: 'media', mediaKind: 'photo', uniqueId: 'p', description: null }] }),
      ),
    ).toBe('Photo');
    expect(messagePreview(msg(1, { parts: [{ kind: 'unknown', partKind: 'poll' }] }))).toBe('[poll]');
    expect(
      messagePreview(
        msg(1, {
          isAgent: true,
          parts: [{ kind: 'text', text: 'Read **this**, __now__: [here](https://x.org)' }],
        }),
      ),
    ).toBe('Read this, now: here');
    // People's messages are shown as typed.
    expect(messagePreview(msg(1, { parts: [{ kind: 'text', text: '2**3**4' }] }))).toBe('2**3**4');
    expect(stripMarkdown('an *em* word and `code`')).toBe('an em word and code');
    expect(messagePreview(msg(1, { parts: [{ kind: 'text', text: 'x'.repeat(200) }] }), 10)).toBe(
      `${'x'.repeat(9)}…`,
    );
  });

  it('groups reactions by emoji with who reacted', () => {
    expect(
      groupReactions([
        { userId: 1, userName: 'Ada', emoji: '❤' },
        { userId: 2, userName: 'Bo', emoji: '👍' },
        { userId: 3, userName: 'Cy', emoji: '❤' },
      ]),
    ).toEqual([
      { emoji: '❤', count: 2, names: ['Ada', 'Cy'], userIds: [1, 3] },
      { emoji: '👍', count: 1, names: ['Bo'], userIds: [2] },
    ]);
  });

  it("marks the newest people's messages unread, as many as the runtime counts", () => {
    const window = mergeMessages(EMPTY_WINDOW, [
      msg(1),
      msg(2, { isAgent: true }),
      msg(3),
      msg(4, { parts: [{ kind: 'service', text: 'Bo joined' }] }),
      msg(5),
    ]);
    expect([...unreadPeopleMessageIds(window, 2)]).toEqual([5, 3]);
    expect(unreadPeopleMessageIds(window, 0).size).toBe(0);
  });

  it('runs messages of one sender together within a few minutes', () => {
    expect(continuesRun(msg(1), msg(2))).toBe(true);
    expect(continuesRun(msg(1), msg(2, { isAgent: true, senderId: 1 }))).toBe(false);
    expect(continuesRun(msg(1), msg(2, { sentAt: '2025-06-01T12:10:00.000Z' }))).toBe(false);
    expect(continuesRun(undefined, msg(2))).toBe(false);
    expect(initials('Ada King Lovelace')).toBe('AL');
  });

  it('throttles the typing signal', () => {
    expect(shouldSignalTyping(null, 0)).toBe(true);
    expect(shouldSignalTyping(0, 3999)).toBe(false);
    expect(shouldSignalTyping(0, 4000)).toBe(true);
  });
});

describe('playground model: task graph', () => {
  it('counts a wait down from its deadline, and not before it has one or after it finished', () => {
    const now = Date.parse('2025-06-01T12:00:00.000Z');
    const counting = node('w', { kind: 'wait', waitUntil: '2025-06-01T12:00:07.250Z' });
    expect(waitRemainingMs(counting, now)).toBe(7250);
    expect(waitRemainingMs(counting, now + 60_000)).toBe(0);
    expect(waitRemainingMs(node('w', { kind: 'wait' }), now)).toBeNull();
    expect(waitRemainingMs({ ...counting, status: 'done' }, now)).toBeNull();

    expect(formatCountdown(7250)).toBe('0:08');
    expect(formatCountdown(125_000)).toBe('2:05');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
    expect(formatCountdown(-5)).toBe('0:00');
  });

  it("counts the agent's unfinished work without the presence window, and reads its presence from the graph", () => {
    const online = node('online', {
      kind: 'wait',
      params: { delay: 300, online: true },
      waitUntil: '2025-06-01T12:05:00.000Z',
    });
    const typing = node('typing', {
      kind: 'wait',
      params: { delay: 4, typing: true },
      waitUntil: '2025-06-01T12:00:04.000Z',
    });
    const blocked = node('typing', { kind: 'wait', params: { delay: 4, typing: true } });

    expect(unfinishedTaskCount(graph([online, node('send', { status: 'done' })]))).toBe(0);
    expect(unfinishedTaskCount(graph([online, typing, node('send')]))).toBe(2);
    expect(chatPresence(null, graph([online, typing]))).toEqual({ typing: true, online: true });
    expect(chatPresence(null, graph([online, blocked]))).toEqual({ typing: false, online: true });
    expect(chatPresence(null, graph([{ ...online, status: 'done' }]))).toEqual({
      typing: false,
      online: false,
    });
    expect(chatPresence(null, null)).toEqual({ typing: false, online: false });
    // An activity event, once heard, is what the agent shows.
    expect(chatPresence({ typing: false, online: false }, graph([online, typing]))).toEqual({
      typing: false,
      online: false,
    });
  });

  it("words a wait's delay", () => {
    expect(formatSeconds(4.5)).toBe('4.5 s');
    expect(formatSeconds(125)).toBe('2 min 5 s');
    expect(formatSeconds(3720)).toBe('1 h 2 min');
  });
});

describe('playground model: LLM exchange', () => {
  it('formats cost, including models without a price, and latency', () => {
    expect(formatCost(null)).toBe('no price');
    expect(formatCost(0)).toBe('$0');
    expect(formatCost(0.00042)).toBe('$0.00042');
    expect(formatCost(1.2)).toBe('$1.20');
    expect(formatLatency(850)).toBe('850 ms');
    expect(formatLatency(2345)).toBe('2.35 s');
    expect(formatLatency(12_345)).toBe('12.3 s');
  });
});
