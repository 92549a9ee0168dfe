import { afterEach, describe, expect, it, vi } from 'vitest';
import { LlmError, type StructuredQuery } from '../../../src/main/llm/provider';
import { agentConfig } from '../../support/agent-config';
import { EngineHarness, HARNESS_MEDIA, MEDIA_INSTRUCTIONS } from '../../support/engine-harness';

const CATS = {
  setName: 'Cats',
  setTitle: 'Cats',
  name: '😺',
  uniqueId: 'cat-1',
  description: 'a grinning cat',
};

/** What closes the request: the final user turn, where this turn's context goes. */
function turnContextOf(query: StructuredQuery): string {
  return query.turns.at(-1)!.parts.join('\n');
}

describe('conversation engine', () => {
  let harness: EngineHarness;

  afterEach(async () => {
    await harness.close();
  });

  describe('turns', () => {
    it('answers a direct message after the partner has been quiet, typing before the send', async () => {
      harness = new EngineHarness();
      const chat = harness.directChat();
      harness.llm.reply([{ kind: 'send', text: 'Hello there!' }]);
      harness.say(chat, 'Hi Ada');
      await harness.flush();
      expect(harness.llm.queries).toHaveLength(0);

      await harness.advance(5_000);
      expect(harness.llm.queries).toHaveLength(1);
      expect(harness.simulator.activity('Ada', chat.channelId).typing).toBe(true);
      expect(harness.agentTexts(chat)).toEqual([]);

      await harness.advance(3_000);
      expect(harness.agentTexts(chat)).toEqual(['Hello there!']);
    });

    it("closes the request with this turn's context after the history, never in the system prompt", async () => {
      harness = new EngineHarness({ pacing: 'off' });
      const chat = harness.directChat();
      harness.llm.reply([{ kind: 'send', text: 'Hi.' }]);
      const hello = harness.say(chat, 'hello');
      await harness.advance(6_000);
      const [query] = harness.llm.queries;
      expect(query!.systemPrompt).not.toMatch(/# Current Time|# Your Turn/);
      const last = query!.turns.at(-1)!;
      expect(last.role).toBe('user');
      expect(last.parts.at(-2)).toBe('hello');
      expect(last.parts.at(-1)).toMatch(
        /^⟦special⟧ Nobody in the chat wrote[\s\S]*# Current Time[\s\S]*# Your Turn[\s\S]*Message \d+ has just arrived/,
      );
      expect(last.parts.at(-1)).toContain(`Message ${hello.messageId} has just arrived`);
    });

    it('asks the network for the account and the chat once from message to answer', async () => {
      harness = new EngineHarness({ pacing: 'off' });
      const chat = harness.directChat();
      // The unread scan after start asks for the account on its own schedule.
      await harness.advance(6_000);
      const asked = { self: 0, getChat: 0 };
      const { simulator } = harness;
      const self = simulator.self.bind(simulator);
      const getChat = simulator.getChat.bind(simulator);
      simulator.self = (agent) => {
        asked.self++;
        return self(agent);
      };
      simulator.getChat = (agent, channelId) => {
        asked.getChat++;
        return getChat(agent, channelId);
      };
      harness.llm.reply([{ kind: 'send', text: 'Hi.' }]);
      harness.say(chat, 'hello');
      await harness.advance(6_000);
      expect(harness.agentTexts(chat)).toEqual(['Hi.']);
      expect(asked).toEqual({ self: 1, getChat: 1 });
    });

    it('answers a burst of 20 messages with one LLM call', async () => {
      harness = new EngineHarness();
      const chat = harness.directChat();
      harness.llm.reply([{ kind: 'send', text: 'One answer for all of that.' }]);
      for (let index = 0; index < 20; index++) {
        harness.say(chat, `message ${index}`);
        await harness.advance(100, 100);
      }
      await harness.advance(20_000);
      expect(harness.llm.queries).toHaveLength(1);
      expect(harness.agentTexts(chat)).toEqual(['One answer for all of that.']);
    });

    it('waits while the direct partner keeps typing', async () => {
      harness = new EngineHarness();
      const chat = harness.directChat();
      harness.say(chat, 'Let me tell you something');
      await harness.advance(4_000);
      harness.simulator.typeAsPerson('Ada', chat.channelId, chat.personIds[0]!);
      await harness.advance(4_000);
      expect(harness.llm.queries).toHaveLength(0);
      await harness.advance(1_500);
      expect(harness.llm.queries).toHaveLength(1);
    });

    it('says while it waits for the partner to stop typing, then while it thinks, then that it is idle', async () => {
      harness = new EngineHarness();
      const chat = harness.directChat();
      harness.llm.reply([{ kind: 'send', text: 'Tell me.' }]);
      harness.simulator.typeAsPerson('Ada', chat.channelId, chat.personIds[0]!);
      harness.say(chat, 'Let me tell you something');
      await harness.advance(10_000);
      const states = harness.events.flatMap((event) => (event.type === 'turnState' ? [event.state] : []));
      const phases = states.map((state) => state.phase);
      expect(phases.slice(0, 3)).toEqual(['waitingForPartner', 'thinking', 'idle']);
      // The wait lasts the partner's typing window from when they were last seen typing.
      const waiting = states[0] as { until: string };
      const thinking = states[1] as { since: string };
      expect(Date.parse(thinking.since)).toBeGreaterThanOrEqual(Date.parse(waiting.until));
      // Told once per change, not once per look at the graph.
      expect(phases.filter((phase, index) => phase === phases[index - 1])).toEqual([]);
    });

    it('replans when a message arrives during the LLM call: the stale call is aborted, one answer goes out', async () => {
      harness = new EngineHarness();
      const chat = harness.directChat();
      harness.llm.hang();
      harness.llm.reply([{ kind: 'send', text: 'Answer to both.' }]);
      harness.say(chat, 'first');
      await harness.advance(5_000);
      expect(harness.llm.queries).toHaveLength(1);
      harness.say(chat, 'second');
      await harness.advance(20_000);
      expect(harness.llm.queries).toHaveLength(2);
      expect(harness.llm.queries[0]!.signal?.aborted).toBe(true);
      expect(harness.agentTexts(chat)).toEqual(['Answer to both.']);
    });

    it('marks the messages read once the turn has started, not before', async () => {
      harness = new EngineHarness();
      const chat = harness.directChat();
      harness.say(chat, 'hello');
      await harness.advance(1_000);
      expect((await harness.simulator.listChats('Ada', { limit: 10 }))[0]!.unreadCount).toBe(1);
      await harness.advance(5_000);
      expect((await harness.simulator.listChats('Ada', { limit: 10 }))[0]!.unreadCount).toBe(0);
    });

    it('keeps the agent online for a while after a turn, then drops the finished graph', async () => {
      harness = new EngineHarness();
      const chat = harness.directChat();
      harness.say(chat, 'hello');
      await harness.advance(6_000);
      expect(harness.simulator.activity('Ada', chat.channelId).online).toBe(true);
      expect(harness.nodes(chat).some((node) => node.params.online === true)).toBe(true);
      expect(harness.engine.isIdle('Ada')).toBe(true);
      await harness.advance(300_000, 10_000);
      expect(harness.engine.graph(harness.conversation(chat))).toBeNull();
      expect(harness.events.at(-1)).toMatchObject({ type: 'graphChanged', graph: null });
    });

    it('runs immediate tasks: memories, notes, plans and intentions reach the next prompt', async () => {
      harness = new EngineHarness();
      const chat = harness.directChat();
      harness.llm.reply([
        { kind: 'think', text: 'She likes tea.' },
        { kind: 'remember', id: 'm1', content: 'Pat likes tea' },
        { kind: 'note', id: 'n1', content: 'Talked about tea' },
        { kind: 'plan', id: 'p1', content: 'Ask about her garden' },
        { kind: 'intend', id: 'i1', content: 'Be curious' },
      ]);
      harness.say(chat, 'I love tea');
      await harness.advance(6_000);
      harness.say(chat, 'and you?');
      await harness.advance(6_000);
      const prompt = harness.llm.queries[1]!.systemPrompt;
      for (const text of ['Pat likes tea', 'Talked about tea', 'Ask about her garden', 'Be curious']) {
        expect(prompt).toContain(text);
      }
      expect(prompt).not.toContain('She likes tea.');
      const thoughts = harness.store.taskLog.list({ agent: 'Ada', kinds: ['think'], limit: 5 });
      expect(thoughts.map((entry) => entry.details.text)).toContain('She likes tea.');
    });

    it('clears the plans at the start of a conversation for an agent that resets its context', async () => {
      harness = new EngineHarness({
        agents: [agentConfig({ configName: 'Ada', timezone: 'UTC', resetContextOnFirstMessage: true })],
      });
      const chat = harness.directChat();
      const owner = { agent: 'Ada', network: 'simulator', scope: 'plan', channelId: chat.channelId } as const;
      harness.store.memoryEntries.put(
        owner,
        {
          id: 'p',
          content: 'old plan',
          created: '2026-01-01',
          creationChannelId: null,
          creationChannelName: null,
        },
        harness.clock.now(),
      );
      harness.say(chat, 'hello again');
      await harness.advance(6_000);
      expect(harness.store.memoryEntries.list(owner)).toEqual([]);
      expect(harness.llm.queries[0]!.systemPrompt).not.toContain('old plan');
    });

    it('shows the model only as many recent messages as the history setting allows', async () => {
      harness = new EngineHarness({ engine: { historyShown: 3 } });
      const chat = harness.directChat();
      for (let index = 1; index <= 5; index++) {
        harness.say(chat, `line ${index}`);
        await harness.advance(100, 100);
      }
      await harness.advance(6_000);
      const seen = harness.llm.queries[0]!.turns.flatMap((turn) => turn.parts).join('\n');
      expect(seen).toContain('line 3');
      expect(seen).toContain('line 5');
      expect(seen).not.toContain('line 2');
    });

    it('records the exchange and its cost for the Playground', async () => {
      harness = new EngineHarness();
      const chat = harness.directChat();
      harness.say(chat, 'hello');
      await harness.advance(6_000);
      const exchange = harness.engine.lastExchange(harness.conversation(chat));
      expect(exchange).toMatchObject({
        provider: 'gemini',
        model: 'test-model',
        inputTokens: 100,
        error: null,
      });
      expect(exchange!.sections.map((section) => section.id)).toContain('instructions');
      expect(harness.events.some((event) => event.type === 'exchange')).toBe(true);
      expect(harness.store.taskLog.list({ agent: 'Ada', kinds: ['llm_usage'], limit: 5 })).toHaveLength(1);
    });
  });

  describe('failures', () => {
    it('retries a retryable LLM error through a retry wait and then answers', async () => {
      harness = new EngineHarness();
      const chat = harness.directChat();
      harness.llm.fail(new LlmError('server', 'HTTP 500', { retryable: true, status: 500 }));
      harness.llm.reply([{ kind: 'send', text: 'Sorry, I was away.' }]);
      harness.say(chat, 'hello');
      await harness.advance(6_000);
      const received = harness.nodes(chat).find((node) => node.kind === 'received')!;
      expect(received).toMatchObject({ status: 'pending', retries: 1, lastError: 'HTTP 500' });
      expect(harness.engine.lastExchange(harness.conversation(chat))?.error).toBe('HTTP 500');
      await harness.advance(15_000);
      expect(harness.llm.queries).toHaveLength(2);
      expect(harness.agentTexts(chat)).toEqual(['Sorry, I was away.']);
      // Done at last, it still says why it needed a second try.
      expect(harness.nodes(chat).find((node) => node.kind === 'received')).toMatchObject({
        status: 'done',
        retries: 1,
        lastError: 'HTTP 500',
      });
    });

    it('fails the turn at once on a permanent LLM error, saying why', async () => {
      harness = new EngineHarness();
      const chat = harness.directChat();
      harness.llm.fail(
        new LlmError('auth', 'Set the Google Gemini API key in Settings.', { retryable: false }),
      );
      harness.say(chat, 'hello');
      await harness.advance(6_000);
      const received = harness.nodes(chat).find((node) => node.kind === 'received')!;
      expect(received).toMatchObject({
        status: 'failed',
        lastError: 'Set the Google Gemini API key in Settings.',
      });
      await harness.advance(60_000);
      expect(harness.llm.queries).toHaveLength(1);
    });

    it('retries a reply that is not JSON and drops one whose elements are not tasks', async () => {
      harness = new EngineHarness();
      const chat = harness.directChat();
      harness.llm.reply('this is not json');
      harness.llm.reply('[{"text": "no kind"}]');
      harness.say(chat, 'hello');
      await harness.advance(6_000);
      expect(harness.nodes(chat).find((node) => node.kind === 'received')).toMatchObject({ retries: 1 });
      await harness.advance(11_000);
      expect(harness.llm.queries).toHaveLength(2);
      expect(harness.nodes(chat).find((node) => node.kind === 'received')).toMatchObject({
        status: 'done',
      });
      expect(harness.agentTexts(chat)).toEqual([]);
    });

    it('fails a task of an unknown kind, and cancels what was chained after it', async () => {
      harness = new EngineHarness({ pacing: 'off' });
      const chat = harness.directChat();
      harness.llm.reply([
        { kind: 'dance', style: 'waltz' },
        { kind: 'send', text: 'after the dance' },
      ]);
      harness.say(chat, 'hello');
      await harness.advance(6_000);
      const nodes = harness.nodes(chat);
      expect(nodes.find((node) => node.kind === 'dance')).toMatchObject({
        status: 'failed',
        lastError: 'Unknown task kind "dance".',
      });
      expect(nodes.find((node) => node.kind === 'send')).toMatchObject({ status: 'cancelled' });
      expect(harness.agentTexts(chat)).toEqual([]);
    });

    it('waits out a flood wait on a send without counting a retry, and sends once', async () => {
      harness = new EngineHarness({ pacing: 'off' });
      const chat = harness.directChat();
      harness.llm.reply([{ kind: 'send', text: 'Patience.' }]);
      harness.simulator.faults.floodWait(30);
      harness.say(chat, 'hello');
      await harness.advance(6_000);
      const send = harness.nodes(chat).find((node) => node.kind === 'send')!;
      expect(send).toMatchObject({ status: 'pending', retries: 0 });
      expect(harness.agentTexts(chat)).toEqual([]);
      await harness.advance(30_000);
      expect(harness.agentTexts(chat)).toEqual(['Patience.']);
    });

    it('sends once when the acknowledgement of a delivered message is lost', async () => {
      harness = new EngineHarness({ pacing: 'off' });
      const chat = harness.directChat();
      harness.llm.reply([{ kind: 'send', text: 'Only once.' }]);
      harness.simulator.faults.failAfterDelivery(1);
      harness.say(chat, 'hello');
      await harness.advance(20_000);
      expect(harness.agentTexts(chat)).toEqual(['Only once.']);
      expect(harness.nodes(chat).find((node) => node.kind === 'send')).toMatchObject({
        status: 'done',
        retries: 1,
      });
    });
  });

  describe('tasks', () => {
    it('sends a sticker from the agent sets, and the name as text when the sticker is unknown', async () => {
      harness = new EngineHarness({
        pacing: 'off',
        stickers: [CATS],
        agents: [agentConfig({ configName: 'Ada', timezone: 'UTC', stickerSets: ['Cats'] })],
      });
      const chat = harness.directChat();
      harness.llm.reply([
        { kind: 'sticker', sticker_set: 'Cats', name: '😺' },
        { kind: 'sticker', sticker_set: 'Dogs', name: '🐶' },
      ]);
      harness.say(chat, 'show me');
      await harness.advance(6_000);
      expect(harness.agentTexts(chat)).toEqual(['[media]', '🐶']);
    });

    it('sends a photo from the media library the prompt lists, and fails an unknown id at once', async () => {
      harness = new EngineHarness({ pacing: 'off', instructions: MEDIA_INSTRUCTIONS });
      const photo = HARNESS_MEDIA[0]!;
      const chat = harness.directChat();
      harness.llm.reply([
        { kind: 'send_media', unique_id: photo.uniqueId },
        { kind: 'photo', unique_id: 'AgADnope' },
      ]);
      harness.say(chat, 'show me the view');
      await harness.advance(6_000);

      expect(harness.llm.queries[0]!.systemPrompt).toContain(
        `- ${photo.uniqueId} (photo) - ${photo.description}`,
      );
      const sent = harness.messages(chat).filter((message) => message.isAgent);
      expect(sent.map((message) => message.parts)).toEqual([
        [{ kind: 'media', mediaKind: 'photo', uniqueId: photo.uniqueId, description: photo.description }],
      ]);
      const media = harness.nodes(chat).filter((node) => node.kind === 'send_media');
      expect(media.map((node) => [node.status, node.retries])).toEqual([
        ['done', 0],
        ['failed', 0],
      ]);
      expect(media[1]!.lastError).toBe('The agent has no media with unique id "AgADnope" in its library.');
    });

    it('waits twice the sticker delay before a photo, and in a group replies with it to the trigger', async () => {
      harness = new EngineHarness({
        instructions: MEDIA_INSTRUCTIONS,
        engine: { stickerDelaySeconds: 3, startTypingDelaySeconds: 0 },
      });
      const photo = HARNESS_MEDIA[0]!;
      const group = harness.groupChat(['Kim']);
      harness.llm.reply([{ kind: 'send_media', unique_id: photo.uniqueId }]);
      const trigger = harness.say(group, `${harness.mention} any photos from the trip?`, {
        as: group.personIds[0]!,
      });
      // Step until the turn has run, so the wait is measured from the plan, not from the message.
      for (let step = 0; step < 40 && harness.llm.queries.length === 0; step++) await harness.advance(250);
      expect(harness.llm.queries).toHaveLength(1);
      const wait = harness.nodes(group).find((node) => node.kind === 'wait' && node.params.typing);
      expect(wait?.params.delay).toBe(6);
      await harness.advance(5_500);
      expect(harness.agentTexts(group)).toEqual([]);

      await harness.advance(1_000);
      const sent = harness.messages(group).filter((message) => message.isAgent);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ replyToMessageId: trigger.messageId });
      expect(sent[0]!.parts[0]).toMatchObject({ kind: 'media', uniqueId: photo.uniqueId });
    });

    it('leaves the media library out of the prompt when send_media is not enabled', async () => {
      harness = new EngineHarness({ pacing: 'off' });
      const listMedia = vi.spyOn(harness.simulator, 'listMedia');
      const chat = harness.directChat();
      harness.llm.reply([{ kind: 'send_media', unique_id: HARNESS_MEDIA[0]!.uniqueId }]);
      harness.say(chat, 'show me the view');
      await harness.advance(6_000);
      expect(harness.llm.queries[0]!.systemPrompt).not.toContain('# Media You May Send');
      expect(listMedia).not.toHaveBeenCalled();
      expect(harness.agentTexts(chat)).toEqual([]);
    });

    it('ignores a send with empty text', async () => {
      harness = new EngineHarness({ pacing: 'off' });
      const chat = harness.directChat();
      harness.llm.reply([{ kind: 'send', text: '   ' }]);
      harness.say(chat, 'hello');
      await harness.advance(6_000);
      expect(harness.agentTexts(chat)).toEqual([]);
      expect(harness.nodes(chat).find((node) => node.kind === 'send')).toMatchObject({ status: 'done' });
    });

    it('reacts to a message', async () => {
      harness = new EngineHarness({ pacing: 'off' });
      const chat = harness.directChat();
      const said = harness.say(chat, 'good news!');
      harness.llm.reply([{ kind: 'react', emoji: '🎉', message_id: said.messageId }]);
      await harness.advance(6_000);
      expect(harness.messages(chat)[0]!.reactions).toMatchObject([{ emoji: '🎉' }]);
    });

    it('blocks in a direct chat but refuses to in a group', async () => {
      harness = new EngineHarness({ pacing: 'off' });
      const chat = harness.directChat();
      harness.llm.reply([{ kind: 'block' }]);
      harness.say(chat, 'rude words');
      await harness.advance(6_000);
      expect(await harness.simulator.isBlocked('Ada', chat.personIds[0]!)).toBe(true);

      const group = harness.groupChat(['Kim']);
      harness.llm.reply([{ kind: 'block' }]);
      harness.say(group, `${harness.mention} hi`, { as: group.personIds[0]! });
      await harness.advance(6_000);
      expect(harness.nodes(group).find((node) => node.kind === 'block')).toMatchObject({
        status: 'failed',
        lastError: 'block works only in a direct chat, and this conversation is a group.',
      });
    });

    it('clears a direct conversation for both sides', async () => {
      harness = new EngineHarness({ pacing: 'off' });
      const chat = harness.directChat();
      harness.llm.reply([{ kind: 'clear-conversation' }]);
      harness.say(chat, 'forget this');
      await harness.advance(6_000);
      expect(harness.messages(chat)).toEqual([]);
    });

    it('wakes another conversation of the agent with xsend, even a gagged one', async () => {
      harness = new EngineHarness({ pacing: 'off' });
      const here = harness.directChat('Pat');
      const there = harness.directChat('Sam');
      harness.engine.updateParameters(harness.conversation(there), { gaggedOverride: true });
      harness.llm.reply([{ kind: 'xsend', target_channel_id: there.channelId, intent: 'Tell Sam the news' }]);
      harness.llm.reply([{ kind: 'send', text: 'Sam, big news!' }]);
      harness.say(here, 'tell Sam I got the job');
      await harness.advance(6_000);
      expect(harness.agentTexts(there)).toEqual(['Sam, big news!']);
      expect(turnContextOf(harness.llm.queries[1]!)).toContain('Tell Sam the news');
    });

    it('in a group, replies to the message that called the agent', async () => {
      harness = new EngineHarness({ pacing: 'off' });
      const group = harness.groupChat(['Kim', 'Lou']);
      harness.llm.reply([{ kind: 'send', text: 'Yes, Kim?' }]);
      const callout = harness.say(group, `hey ${harness.mention}`, { as: group.personIds[0]! });
      await harness.advance(1_000);
      const reply = harness.messages(group).find((message) => message.isAgent)!;
      expect(reply.replyToMessageId).toBe(callout.messageId);
    });
  });

  describe('gates', () => {
    it('stays silent in a gagged conversation', async () => {
      harness = new EngineHarness({ agents: [agentConfig({ configName: 'Ada', gagged: true })] });
      const chat = harness.directChat();
      harness.say(chat, 'anyone there?');
      await harness.advance(10_000);
      expect(harness.llm.queries).toHaveLength(0);
      expect(harness.engine.graph(harness.conversation(chat))).toBeNull();
      harness.engine.updateParameters(harness.conversation(chat), { gaggedOverride: false });
      harness.say(chat, 'now?');
      await harness.advance(10_000);
      expect(harness.llm.queries).toHaveLength(1);
    });

    it('follows the group reply policy', async () => {
      harness = new EngineHarness({ pacing: 'off' });
      const group = harness.groupChat(['Kim']);
      harness.say(group, 'chatter');
      await harness.advance(1_000);
      expect(harness.llm.queries).toHaveLength(0);
      harness.engine.updateParameters(harness.conversation(group), { replyPolicy: 'every-message' });
      harness.say(group, 'more chatter');
      await harness.advance(1_000);
      expect(harness.llm.queries).toHaveLength(1);
    });

    it("starts a turn when someone reacts to the agent's message, once per reaction", async () => {
      harness = new EngineHarness({ pacing: 'off' });
      const chat = harness.directChat();
      harness.llm.reply([{ kind: 'send', text: 'Hi!' }]);
      harness.say(chat, 'hello');
      await harness.advance(6_000);
      const mine = harness.messages(chat).find((message) => message.isAgent)!;
      harness.simulator.reactAsPerson('Ada', chat.channelId, chat.personIds[0]!, mine.messageId, '❤');
      await harness.advance(1_000);
      expect(harness.llm.queries).toHaveLength(2);
      expect(turnContextOf(harness.llm.queries[1]!)).toContain(`reacted to your message ${mine.messageId}`);
    });

    it('rehearses an agent whose file says Disabled', async () => {
      harness = new EngineHarness({ agents: [agentConfig({ configName: 'Ada', disabled: true })] });
      const chat = harness.directChat();
      harness.say(chat, 'hello');
      await harness.advance(6_000);
      expect(harness.llm.queries).toHaveLength(1);
    });
  });

  describe('pacing and limits', () => {
    it('refreshes the typing action at least every 5 seconds while a typing wait runs', async () => {
      harness = new EngineHarness({ engine: { startTypingDelaySeconds: 0, typingSpeed: 2 } });
      const chat = harness.directChat();
      harness.llm.reply([{ kind: 'send', text: 'x'.repeat(40) }]);
      const setTyping = vi.spyOn(harness.simulator, 'setTyping');
      harness.say(chat, 'hello');
      await harness.advance(5_000);
      const typingAt: number[] = [];
      setTyping.mockImplementation(async (_agent, _channel, action) => {
        if (action === 'typing') typingAt.push(harness.clock.now().getTime());
      });
      const start = harness.clock.now().getTime();
      await harness.advance(19_000, 250);
      expect(harness.agentTexts(chat)).toEqual([]);
      const gaps = [start, ...typingAt]
        .slice(1)
        .map((time, index, all) => time - (index === 0 ? start : all[index - 1]!));
      expect(typingAt.length).toBeGreaterThanOrEqual(4);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(5_000);
    });

    it('lets one conversation at a time call the LLM under a concurrency of 1, first come first served', async () => {
      harness = new EngineHarness({ pacing: 'off', engine: { llmConcurrency: 1 } });
      const first = harness.directChat('Pat');
      const second = harness.directChat('Sam');
      harness.llm.hang();
      harness.say(first, 'one');
      await harness.advance(5_000);
      harness.say(second, 'two');
      await harness.advance(10_000, 5_000);
      expect(harness.llm.queries).toHaveLength(1);
      harness.say(first, 'replan to free the slot');
      await harness.advance(5_500);
      // The aborted call freed the slot; Sam, who queued first, got it before Pat's new turn.
      expect(harness.llm.queries.map((query) => query.turns.at(-1)!.parts.join(' '))).toEqual([
        expect.stringContaining('one'),
        expect.stringContaining('two'),
        expect.stringContaining('replan to free the slot'),
      ]);
    });

    it('spaces sends to the per-account rate', async () => {
      harness = new EngineHarness({ pacing: 'off', engine: { sendsPerMinute: 1 } });
      const chat = harness.directChat();
      harness.llm.reply([
        { kind: 'send', text: 'one' },
        { kind: 'send', text: 'two' },
      ]);
      harness.say(chat, 'hello');
      await harness.advance(6_000);
      expect(harness.agentTexts(chat)).toEqual(['one']);
      await harness.advance(60_000, 5_000);
      expect(harness.agentTexts(chat)).toEqual(['one', 'two']);
    });
  });
});
