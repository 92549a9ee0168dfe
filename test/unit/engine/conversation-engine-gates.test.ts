import { expect, it } from 'vitest';
import { agentConfig } from '../../support/agent-config';
import { EngineHarness } from '../../support/engine-harness';
import {
  closeHarnessAfterEach,
  describeConversationEngine,
  turnContextOf,
} from './conversation-engine-support';

let harness: EngineHarness;
closeHarnessAfterEach(() => harness);

describeConversationEngine('gates', () => {
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
