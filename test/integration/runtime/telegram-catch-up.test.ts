import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callApi, waitFor } from '../../support/engine-harness';
import type { FakeUser } from '../../support/fake-telegram';
import {
  startTelegramRuntimeTestbed,
  type TelegramRuntimeTestbed,
  WAIT_MS,
} from './telegram-runtime-testbed';

const TEST_TIMEOUT_MS = 40_000;

/**
 * Nothing is missed while an agent's connection is down: the runtime, its engine and the real
 * GramJS client against the fake MTProto server, cut off and restored.
 */
describe('an agent whose Telegram connection was cut', () => {
  let bed: TelegramRuntimeTestbed;
  let ada: FakeUser;
  let bob: FakeUser;

  beforeEach(async () => {
    bed = await startTelegramRuntimeTestbed({ agents: [{ name: 'Ada', phone: '+15550000001' }] });
    ada = bed.fake.createUser({ phone: '+15550000001', firstName: 'Ada', username: 'ada_agent' });
    bob = bed.fake.createUser({ phone: '+15550000002', firstName: 'Bob', username: 'bob_b' });
    bed.fake.addContact(ada.id, bob.id);
  });

  afterEach(() => bed.close());

  const connection = async () => {
    const { accounts } = (await callApi(bed.runtime, 'telegram.accounts')) as {
      accounts: { configName: string; connection: string }[];
    };
    return accounts.find((view) => view.configName === 'Ada')?.connection;
  };
  const agentTexts = () =>
    bed.fake
      .messagesBetween(bob.id, ada.id)
      .filter((message) => message.senderId === ada.id)
      .map((message) => message.text);

  it('sees the messages, the edit, the deletion and the reaction of the outage once, and answers once', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { fake, llm } = bed;
    await bed.logIn('Ada', ada);
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Hi Bob!' }] });
    fake.userSays(bob.id, ada.id, 'hi Ada');
    await waitFor(() => agentTexts().length === 1, 'the first answer', WAIT_MS);
    const firstAnswer = fake.messagesBetween(bob.id, ada.id).find((message) => message.senderId === ada.id)!;
    const asked = llm.requests.length;

    const heard: string[] = [];
    bed.runtime.events.subscribe((name, payload) => {
      const event = payload as { network?: string; message?: { messageId: number }; messageIds?: number[] };
      if (event.network !== 'telegram') return;
      if (name === 'conversation.messageEdited') heard.push(`edited ${event.message!.messageId}`);
      if (name === 'conversation.messagesDeleted') heard.push(`deleted ${event.messageIds!.join(',')}`);
    });
    fake.cutOff(ada.id);
    await waitFor(async () => (await connection()) === 'reconnecting', 'the account noticing', WAIT_MS);
    const typo = fake.userSays(bob.id, ada.id, 'are you ther');
    const question = fake.userSays(bob.id, ada.id, 'are you free on Friday?');
    const typoId = typo.idFor(ada.id);
    fake.userEdits(bob.id, question, 'are you free on Saturday?');
    fake.userDeletes(bob.id, [typo]);
    fake.userReacts(bob.id, { ownerId: bob.id, messageId: firstAnswer.id }, '👍');
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Saturday works!' }] });
    fake.restore(ada.id);

    await waitFor(() => agentTexts().length === 2, 'the answer after reconnecting', WAIT_MS);
    // Whatever else arrives late (the scan after reconnecting, a second catch-up) starts no turn.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(agentTexts()).toEqual(['Hi Bob!', 'Saturday works!']);
    expect(llm.requests.length - asked).toBe(1);
    // What the model was shown, in brief (a failure prints these, not the whole request).
    const prompt = JSON.stringify(llm.requests.at(-1)!.body);
    const shown = {
      edited: prompt.includes('are you free on Saturday?'),
      deleted: !prompt.includes('are you ther"'),
      stale: prompt.includes('Friday'),
      // Bob's reaction of the outage, on the agent's first answer, in the same turn.
      reaction: prompt.includes(`(${bob.id})=👍`),
    };
    expect(shown).toEqual({ edited: true, deleted: true, stale: false, reaction: true });
    // The edit and the deletion reached the inbound path once each (the console hears them too).
    expect(heard.filter((line) => line.startsWith('edited'))).toEqual([`edited ${question.idFor(ada.id)}`]);
    expect(heard.filter((line) => line.startsWith('deleted'))).toEqual([`deleted ${typoId}`]);
  });

  it('in a supergroup, sees what was said and edited during the outage once, and answers once', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { fake, llm } = bed;
    const cleo = fake.createUser({ phone: '+15550000003', firstName: 'Cleo' });
    const group = fake.createChannel({ title: 'Weekend plans', memberIds: [ada.id, bob.id, cleo.id] });
    const groupTexts = (senderId: bigint) =>
      fake
        .messagesInChannel(bob.id, group.id)
        .filter((message) => message.senderId === senderId)
        .map((message) => message.text);
    await bed.logIn('Ada', ada);
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Hello all!' }] });
    fake.channelSays(bob.id, group.id, '@ada_agent are you around this weekend?');
    await waitFor(() => groupTexts(ada.id).length === 1, 'the first answer in the group', WAIT_MS);
    const asked = llm.requests.length;

    fake.cutOff(ada.id);
    await waitFor(async () => (await connection()) === 'reconnecting', 'the account noticing', WAIT_MS);
    fake.channelSays(cleo.id, group.id, 'I can do Sunday');
    const question = fake.channelSays(bob.id, group.id, '@ada_agent Friday then?');
    fake.channelEdits(question, '@ada_agent Saturday then?');
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Saturday works!' }] });
    fake.restore(ada.id);

    await waitFor(() => groupTexts(ada.id).length === 2, 'the answer after reconnecting', WAIT_MS);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(groupTexts(ada.id)).toEqual(['Hello all!', 'Saturday works!']);
    expect(llm.requests.length - asked).toBe(1);
    const prompt = JSON.stringify(llm.requests.at(-1)!.body);
    expect({
      edited: prompt.includes('Saturday then?'),
      stale: prompt.includes('Friday then?'),
      others: prompt.includes('I can do Sunday'),
    }).toEqual({ edited: true, stale: false, others: true });
    // The agent read the group up to the question it answered.
    expect(fake.channelReadUpTo(ada.id, group.id)).toBeGreaterThanOrEqual(question.messageId);
  });
});
