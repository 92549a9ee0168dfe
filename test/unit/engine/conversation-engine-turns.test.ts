import { expect, it } from 'vitest';
import { agentConfig } from '../../support/agent-config';
import { EngineHarness } from '../../support/engine-harness';
import { closeHarnessAfterEach, describeConversationEngine } from './conversation-engine-support';

let harness: EngineHarness;
closeHarnessAfterEach(() => harness);

describeConversationEngine('turns', () => {
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

  it('tells graph changes only while someone follows them, and answers the same either way', async () => {
    let followed = false;
    harness = new EngineHarness({ graphsFollowed: () => followed });
    const chat = harness.directChat();
    harness.llm.reply([{ kind: 'send', text: 'Hi.' }]);
    harness.say(chat, 'hello');
    await harness.advance(20_000);
    expect(harness.agentTexts(chat)).toEqual(['Hi.']);
    const graphViews = () => harness.events.filter((event) => event.type === 'graphChanged' && event.graph);
    expect(graphViews()).toEqual([]);

    followed = true;
    harness.llm.reply([{ kind: 'send', text: 'Still here.' }]);
    harness.say(chat, 'and now?');
    await harness.advance(20_000);
    expect(harness.agentTexts(chat)).toEqual(['Hi.', 'Still here.']);
    expect(graphViews().length).toBeGreaterThan(0);
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
