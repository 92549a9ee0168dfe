import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/main/clock';
import { ONLINE_EXPIRY_MS, TYPING_EXPIRY_MS } from '../../../src/main/messaging/agent-presence';
import type { AgentActivityChange } from '../../../src/main/telegram/port';
import { withTimeout } from '../../support/fake-telegram';
import { startTelegramTestbed, TEST_TIMEOUT_MS } from './telegram-fixture';

const STEP_MS = 8_000;

describe('Telegram port: what the people see of the agent', () => {
  it('reports the agent typing and online in a chat as it tells Telegram, expiring as Telegram’s do', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const clock = new ManualClock();
    const testbed = await startTelegramTestbed({ clock });
    try {
      const { fake } = testbed;
      const agent = fake.createUser({ phone: '+1 555 070 0001', firstName: 'Agent' });
      const alice = fake.createUser({ phone: '+1 555 070 0002', firstName: 'Alice' });
      fake.addContact(agent.id, alice.id);
      await testbed.accounts.connect('A', await testbed.connectOptions(agent));
      const changes: AgentActivityChange[] = [];
      testbed.port.onActivity((change) => changes.push(change));
      const chat = Number(alice.id);
      const seen = () =>
        changes.map(
          ({ typing, online }) => `${typing ? 'typing' : 'not typing'}, ${online ? 'online' : 'offline'}`,
        );

      await withTimeout(testbed.port.setTyping('A', chat, 'typing'), STEP_MS, 'typing');
      await withTimeout(
        testbed.port.sendText('A', chat, { text: 'hi Alice', replyTo: null, idempotencyKey: 'k1' }),
        STEP_MS,
        'a send',
      );
      expect(seen()).toEqual(['typing, online', 'not typing, online']);
      expect(changes[0]).toMatchObject({ agent: 'A', channelId: chat });
      // Telegram's own record: the typing action reached Alice's side.
      expect(
        fake.typingLog.some(
          (record) => record.fromId === agent.id && record.action === 'SendMessageTypingAction',
        ),
      ).toBe(true);

      await withTimeout(testbed.port.setTyping('A', chat, 'typing'), STEP_MS, 'typing again');
      clock.advance(TYPING_EXPIRY_MS);
      clock.advance(ONLINE_EXPIRY_MS);
      expect(seen().slice(2)).toEqual(['typing, online', 'not typing, online', 'not typing, offline']);
    } finally {
      await testbed.close();
    }
  });
});
