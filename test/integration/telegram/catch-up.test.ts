import { describe, expect, it } from 'vitest';
import type { InboundEvent } from '../../../src/main/messaging/port';
import type { AccountConnectOptions } from '../../../src/main/telegram/accounts';
import type { TelegramAccountView, TelegramUpdateState } from '../../../src/shared/domain/telegram';
import { waitFor } from '../../support/fake-telegram';
import { startTelegramTestbed, TEST_TIMEOUT_MS } from './telegram-fixture';

const STEP_MS = 8_000;

/** Where the account's update state is kept, as the session store keeps it. */
function memoryStateStore() {
  const saved: TelegramUpdateState[] = [];
  return {
    saved,
    store: {
      load: () => saved.at(-1) ?? null,
      save: (state: TelegramUpdateState) => void saved.push(state),
    },
  };
}

const textOf = (message: { parts: readonly { kind: string; text?: string }[] }) =>
  message.parts.map((part) => part.text ?? '').join('');

/** What the agent saw, in a few words per event. */
function seen(events: readonly InboundEvent[]): string[] {
  return events.flatMap((event) => {
    if (event.type === 'message') return [`message ${textOf(event.message)}`];
    if (event.type === 'edit') return [`edit ${textOf(event.message)}`];
    if (event.type === 'delete') return [`delete ${event.messageIds.join(',')}`];
    return [];
  });
}

describe('Telegram port: nothing missed after a disconnect', () => {
  it('catches up after being cut off: new messages, an edit and a deletion arrive once, in order', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const testbed = await startTelegramTestbed({ reconnect: { initialDelayMs: 300, maxDelayMs: 600 } });
    try {
      const { fake } = testbed;
      const agent = fake.createUser({ phone: '+1 555 050 0001', firstName: 'Agent' });
      const alice = fake.createUser({ phone: '+1 555 050 0002', firstName: 'Alice' });
      fake.addContact(agent.id, alice.id);
      const kept = memoryStateStore();
      await testbed.accounts.connect('A', await testbed.connectOptions(agent, { updateState: kept.store }));
      const states: TelegramAccountView['connection'][] = [];
      testbed.accounts.onChange((_name, view) => view && states.push(view.connection));
      const events: InboundEvent[] = [];
      testbed.port.subscribe((event) => events.push(event));
      await waitFor(() => kept.saved.length > 0, STEP_MS, 'the account taking its first update state');

      fake.userSays(alice.id, agent.id, 'one');
      await waitFor(() => seen(events).length === 1, STEP_MS, 'the live message');

      fake.cutOff(agent.id);
      await waitFor(() => states.includes('reconnecting'), STEP_MS, 'the account noticing it is cut off');
      const two = fake.userSays(alice.id, agent.id, 'two');
      const three = fake.userSays(alice.id, agent.id, 'three');
      const threeId = three.idFor(agent.id);
      fake.userEdits(alice.id, two, 'two, edited');
      fake.userDeletes(alice.id, [three]);
      fake.restore(agent.id);

      await waitFor(() => seen(events).length === 5, STEP_MS, 'what was missed, after reconnecting');
      expect(seen(events)).toEqual([
        'message one',
        // The new messages as they were sent, then what happened to them, in order.
        'message two',
        'message three',
        'edit two, edited',
        `delete ${threeId}`,
      ]);

      // Live again, and nothing arrives twice.
      fake.userSays(alice.id, agent.id, 'four');
      await waitFor(() => seen(events).length === 6, STEP_MS, 'a live message after the catch-up');
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(seen(events).slice(5)).toEqual(['message four']);
    } finally {
      await testbed.close();
    }
  });

  it('after a restart, asks for what came while it was closed, from the kept state', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const testbed = await startTelegramTestbed();
    try {
      const { fake } = testbed;
      const agent = fake.createUser({ phone: '+1 555 050 0011', firstName: 'Agent' });
      const bob = fake.createUser({ phone: '+1 555 050 0012', firstName: 'Bob' });
      fake.addContact(agent.id, bob.id);
      const kept = memoryStateStore();
      const options: AccountConnectOptions = await testbed.connectOptions(agent, { updateState: kept.store });
      await testbed.accounts.connect('A', options);
      await waitFor(() => kept.saved.length > 0, STEP_MS, 'the first update state');
      fake.userSays(bob.id, agent.id, 'before');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await testbed.accounts.disconnect('A');

      fake.userSays(bob.id, agent.id, 'while closed');
      testbed.restart();
      const events: InboundEvent[] = [];
      testbed.port.subscribe((event) => events.push(event));
      await testbed.accounts.connect('A', options);
      await waitFor(() => seen(events).length === 1, STEP_MS, 'the message sent while closed');
      expect(seen(events)).toEqual(['message while closed']);
    } finally {
      await testbed.close();
    }
  });

  it('when Telegram kept too little to say what was missed, asks for the unread chats to be looked through', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const lost: string[] = [];
    const testbed = await startTelegramTestbed({
      reconnect: { initialDelayMs: 300, maxDelayMs: 600 },
      onUpdatesLost: (configName) => lost.push(configName),
    });
    try {
      const { fake } = testbed;
      const agent = fake.createUser({ phone: '+1 555 050 0021', firstName: 'Agent' });
      const cleo = fake.createUser({ phone: '+1 555 050 0022', firstName: 'Cleo' });
      fake.addContact(agent.id, cleo.id);
      const kept = memoryStateStore();
      await testbed.accounts.connect('A', await testbed.connectOptions(agent, { updateState: kept.store }));
      const states: TelegramAccountView['connection'][] = [];
      testbed.accounts.onChange((_name, view) => view && states.push(view.connection));
      await waitFor(() => kept.saved.length > 0, STEP_MS, 'the first update state');

      fake.cutOff(agent.id);
      await waitFor(() => states.includes('reconnecting'), STEP_MS, 'the account noticing it is cut off');
      fake.userSays(cleo.id, agent.id, 'long ago');
      fake.forgetUpdates(agent.id);
      fake.restore(agent.id);
      await waitFor(() => lost.length === 1, STEP_MS, 'the account saying updates were lost');
      expect(lost).toEqual(['A']);
    } finally {
      await testbed.close();
    }
  });
});
