import { describe, expect, it } from 'vitest';
import {
  AGENT_SPOKE_LAST_NOTE,
  EMPTY_HISTORY_NOTE,
  renderTurns,
  TURN_CONTEXT_NOTE,
  withTurnContext,
} from '../../../src/main/conversation/render';
import { chatMsg, mediaPart } from './chat-msg';

const options = { timeZone: 'Europe/Berlin' };

describe('renderTurns', () => {
  it("maps the agent's messages to agent turns and everyone else's to user turns, in order", () => {
    const turns = renderTurns(
      [
        chatMsg({ messageId: 1 }),
        chatMsg({ messageId: 2, isAgent: true, senderId: 7001, senderName: 'Juniper', senderUsername: null }),
        chatMsg({ messageId: 3 }),
      ],
      options,
    );
    expect(turns.map((turn) => turn.role)).toEqual(['user', 'agent', 'user']);
    expect(turns.map((turn) => turn.parts[0]?.match(/message_id=(\d+)/)?.[1])).toEqual(['1', '2', '3']);
  });

  it('starts each message with a metadata header with every field, time in the agent zone', () => {
    const [turn] = renderTurns(
      [chatMsg({ messageId: 5, replyToMessageId: 3 }), chatMsg({ messageId: 6 })],
      options,
    );
    expect(turn!.parts).toEqual([
      '⟦metadata⟧ sender="Priya Shah" sender_id=9002 username=@pri message_id=5 reply_to_msg_id=3 time="2026-01-15 14:30:00 CET"',
      'Hello!',
    ]);
  });

  it('leaves absent header fields out and never doubles the @ of a username', () => {
    const [anonymous, withAt] = renderTurns(
      [
        chatMsg({ senderId: null, senderName: null, senderUsername: null, messageId: 8 }),
        chatMsg({ senderUsername: '@pri', messageId: 9 }),
      ],
      { timeZone: 'UTC' },
    );
    expect(anonymous!.parts[0]).toBe('⟦metadata⟧ message_id=8 time="2026-01-15 13:30:00 UTC"');
    expect(withAt!.parts[0]).toContain(' username=@pri ');
  });

  it('quotes names so quotes inside them cannot break the header', () => {
    const [turn] = renderTurns([chatMsg({ senderName: 'Jo "JJ" Park' })], options);
    expect(turn!.parts[0]).toContain('sender="Jo \\"JJ\\" Park"');
  });

  it('writes the time in the zone it is given', () => {
    const [turn] = renderTurns([chatMsg()], { timeZone: 'America/Los_Angeles' });
    expect(turn!.parts[0]).toContain('time="2026-01-15 05:30:00 PST"');
  });

  it('puts a reactions line right after the header', () => {
    const [turn] = renderTurns(
      [
        chatMsg({
          reactions: [
            { userId: 9002, userName: 'Priya Shah', emoji: '👍' },
            { userId: 7001, userName: 'Juniper', emoji: '❤' },
          ],
        }),
      ],
      options,
    );
    expect(turn!.parts[1]).toBe('⟦reactions⟧ "Priya Shah"(9002)=👍, "Juniper"(7001)=❤');
    const custom = renderTurns(
      [
        chatMsg({
          reactions: [
            {
              userId: 9002,
              userName: 'Priya Shah',
              emoji: '😺',
              customEmojiId: '5',
              description: 'a cat winking',
            },
            { userId: 9003, userName: 'Bo', emoji: '⟦custom emoji⟧', customEmojiId: '6' },
          ],
        }),
      ],
      { timeZone: 'UTC' },
    );
    expect(custom[0]!.parts[1]).toBe(
      '⟦reactions⟧ "Priya Shah"(9002)=😺 (a custom emoji that shows a cat winking), "Bo"(9003)=⟦custom emoji⟧ (a custom emoji)',
    );
    expect(turn!.parts[2]).toBe('Hello!');
  });

  it('renders content parts in order: text, service events, media sentences, placeholders, unknown kinds', () => {
    const [turn] = renderTurns(
      [
        chatMsg({
          parts: [
            { kind: 'service', text: 'Priya Shah joined the group' },
            { kind: 'text', text: 'Look at this **view**' },
            mediaPart({ description: 'a harbour at dusk' }),
            mediaPart({ mediaKind: 'audio', uniqueId: 'AwADv1', description: 'someone humming' }),
            mediaPart({ mediaKind: 'video', uniqueId: 'BAADz7' }),
            { kind: 'unknown', partKind: 'poll' },
          ],
        }),
      ],
      options,
    );
    expect(turn!.parts.slice(1)).toEqual([
      '⟦special⟧ Priya Shah joined the group',
      'Look at this **view**',
      '⟦media⟧ ‹a photo that shows a harbour at dusk›',
      '⟦media⟧ ‹an audio clip that sounds like someone humming›',
      '⟦video present uid=BAADz7⟧',
      '⟦poll part⟧',
    ]);
  });

  it('skips empty text parts such as a media message without caption', () => {
    const [turn] = renderTurns(
      [chatMsg({ parts: [{ kind: 'text', text: '' }], reactions: [] }), chatMsg()],
      options,
    );
    expect(turn!.parts).toHaveLength(1);
  });

  it('ends with a user note when the agent spoke last', () => {
    const turns = renderTurns([chatMsg(), chatMsg({ messageId: 6, isAgent: true })], options);
    expect(turns.at(-1)).toEqual({ role: 'user', parts: [AGENT_SPOKE_LAST_NOTE] });
    expect(AGENT_SPOKE_LAST_NOTE.startsWith('⟦special⟧ ')).toBe(true);
  });

  it('adds no note when a user spoke last', () => {
    const turns = renderTurns([chatMsg({ isAgent: true, messageId: 4 }), chatMsg()], options);
    expect(turns).toHaveLength(2);
    expect(turns.at(-1)!.role).toBe('user');
  });

  it('gives an empty history a single user note', () => {
    expect(renderTurns([], options)).toEqual([{ role: 'user', parts: [EMPTY_HISTORY_NOTE] }]);
    expect(EMPTY_HISTORY_NOTE.startsWith('⟦special⟧ ')).toBe(true);
  });

  it('puts fetched resources first, as agent turns naming their source', () => {
    const turns = renderTurns([chatMsg()], {
      ...options,
      resources: [
        { url: 'https://example.org/a', content: '<p>A</p>' },
        { url: 'file:notes.md', content: 'B' },
      ],
    });
    expect(turns.slice(0, 2)).toEqual([
      { role: 'agent', parts: ['Content of https://example.org/a:', '<p>A</p>'] },
      { role: 'agent', parts: ['Content of file:notes.md:', 'B'] },
    ]);
    expect(turns[2]!.role).toBe('user');
    expect(turns).toHaveLength(3);
  });

  it('still closes with the empty-history note when only resources precede it', () => {
    const turns = renderTurns([], { ...options, resources: [{ url: 'file:a', content: 'x' }] });
    expect(turns.map((turn) => turn.role)).toEqual(['agent', 'user']);
    expect(turns[1]!.parts).toEqual([EMPTY_HISTORY_NOTE]);
  });
});

describe('the turn context after the history', () => {
  it('closes the final user turn with the context, marked as not written by anyone in the chat', () => {
    const turns = withTurnContext([{ role: 'user', parts: ['header', 'hello'] }], '# Current Time\n\nNoon.');
    expect(turns).toEqual([
      { role: 'user', parts: ['header', 'hello', `${TURN_CONTEXT_NOTE}\n\n# Current Time\n\nNoon.`] },
    ]);
  });

  it('adds a user turn when the agent spoke last, and leaves the turns as they are without a context', () => {
    const history = [{ role: 'agent' as const, parts: ['hi'] }];
    expect(withTurnContext(history, 'ctx').map((turn) => turn.role)).toEqual(['agent', 'user']);
    expect(withTurnContext(history, '')).toEqual(history);
  });
});
