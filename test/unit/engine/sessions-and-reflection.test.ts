import { afterEach, describe, expect, it } from 'vitest';
import type { TextQuery } from '../../../src/main/llm/provider';
import { SESSION_QUIET_MS } from '../../../src/main/memory';
import { EngineHarness, type HarnessChat } from '../../support/engine-harness';

const isSession = (query: TextQuery) => query.systemPrompt.startsWith('# Remembering A Conversation');
const isReflection = (query: TextQuery) => query.systemPrompt.startsWith('# Nightly Reflection');
const HOUR = 3_600_000;

describe('memory work over days', () => {
  let harness: EngineHarness;

  afterEach(async () => {
    await harness.close();
  });

  const usage = (operation: string) =>
    harness.store.taskLog
      .list({ agent: 'Ada', kinds: ['llm_usage'], limit: 100 })
      .filter((entry) => (entry.details as { operation: string }).operation === operation);

  function chatAbout(chat: HarnessChat, lines: string[]) {
    return lines.map((line) => harness.say(chat, line));
  }

  it('summarizes a conversation by topic once it has been quiet for half an hour', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat('Pat');
    const said = chatAbout(chat, [
      'I found a flat in Munich',
      'it has a balcony over the river',
      'moving on the 14th',
      'also my knee is better',
    ]);
    await harness.advance(6_000);
    harness.llm.replyWhen(isSession, [
      {
        topic: "Pat's move to Munich",
        content: 'Pat found a flat with a balcony and moves on the 14th.',
        first_message_id: said[0]!.messageId,
        last_message_id: said[2]!.messageId,
      },
      {
        topic: "Pat's knee",
        content: 'Pat’s knee is better.',
        first_message_id: said[3]!.messageId,
        last_message_id: said[3]!.messageId,
      },
    ]);
    await harness.advance(SESSION_QUIET_MS - 10 * 60_000, 60_000);
    expect(harness.llm.queries.filter(isSession)).toHaveLength(0);
    await harness.advance(11 * 60_000, 60_000);
    const sessions = harness.store.sessionMemory.sessions(harness.conversation(chat));
    expect(sessions.map((session) => [session.topic, session.minMessageId, session.maxMessageId])).toEqual([
      ["Pat's move to Munich", said[0]!.messageId, said[2]!.messageId],
      ["Pat's knee", said[3]!.messageId, said[3]!.messageId],
    ]);
    expect(usage('session_summary')).toHaveLength(1);
  });

  it('reflects on each person once a night, after the night has begun, and catches up once after downtime', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat('Pat');
    const conversation = harness.conversation(chat);
    const [interview] = chatAbout(chat, ['my job interview is on 12 March', 'wish me luck']);
    await harness.advance(6_000);
    const reflection = {
      profile:
        '## Who they are\n\nPat is looking for a new job.\n\n## Open threads\n\nThe interview on 12 March.',
      facts: [
        {
          category: 'plan',
          key: 'job_interview',
          content: 'Pat has a job interview on 12 March.',
          message_ids: [interview!.messageId],
        },
      ],
      intentions: [{ content: 'Ask Pat how the interview on 12 March went.' }],
    };
    harness.llm.replyWhen(isReflection, JSON.stringify(reflection));
    // 10:00 on 2 March: tonight's reflection comes after 02:00 on 3 March.
    await harness.advance(15 * HOUR, 15 * 60_000);
    expect(harness.llm.textQueries.filter(isReflection)).toHaveLength(0);
    await harness.advance(2 * HOUR, 15 * 60_000);
    expect(harness.llm.textQueries.filter(isReflection)).toHaveLength(1);
    expect(harness.store.sessionMemory.profile('Ada', 'simulator', chat.channelId)).toMatchObject({
      text: reflection.profile,
      writtenBy: 'reflection',
    });
    expect(
      harness.store.facts.current({ agent: 'Ada', network: 'simulator', partnerId: chat.channelId }),
    ).toEqual([
      expect.objectContaining({
        writtenBy: 'reflection',
        key: 'job_interview',
        sourceMessageIds: [interview!.messageId],
      }),
    ]);
    expect(
      harness.store.memoryEntries.list({ agent: 'Ada', network: 'simulator', scope: 'intention' }),
    ).toEqual([expect.objectContaining({ content: 'Ask Pat how the interview on 12 March went.' })]);
    expect(harness.store.sessionMemory.mark(conversation, 'reflection').night).toBe('2026-03-03');
    expect(usage('reflect')).toHaveLength(1);

    // New messages, then three nights of downtime: one reflection on restart, for the latest night.
    harness.say(chat, 'the interview went well!');
    await harness.advance(6_000);
    await harness.engine.stop();
    harness.clock.advance(72 * HOUR);
    harness.llm.replyWhen(isReflection, JSON.stringify({ ...reflection, intentions: [] }));
    await harness.restart();
    await harness.advance(2 * HOUR, 15 * 60_000);
    expect(harness.llm.textQueries.filter(isReflection)).toHaveLength(2);
    expect(harness.store.sessionMemory.mark(conversation, 'reflection').night).toBe('2026-03-06');
    expect(harness.llm.textQueries.filter(isReflection)[1]!.turns[0]!.parts[0]).toContain(
      'the interview went well!',
    );
  });
});
