import { afterEach, describe, expect, it } from 'vitest';
import { MessagingError } from '../../../src/main/messaging/port';
import type { SimulatorChange } from '../../../src/main/simulator';
import { AGENT, SimulatorFixture } from './simulator-fixture';

describe('Simulator send faults', () => {
  let fixture: SimulatorFixture;
  afterEach(() => fixture.close());

  function directChat() {
    fixture = new SimulatorFixture();
    const { chat } = fixture.simulator.createChat(AGENT, { kind: 'direct', people: [{ firstName: 'Ann' }] });
    return { simulator: fixture.simulator, channelId: chat.channelId };
  }

  it('fails the planned sends with the planned error and sends nothing for them', async () => {
    const { simulator, channelId } = directChat();
    const outage = new MessagingError('server unavailable', { retryable: true });
    simulator.faults.failNextSends(2, outage);
    const send = (key: string) =>
      simulator.sendText(AGENT, channelId, { text: key, replyTo: null, idempotencyKey: key });

    await expect(send('a')).rejects.toBe(outage);
    await expect(
      simulator.sendSticker(AGENT, channelId, {
        setName: 'WendyDancer',
        name: '😀',
        replyTo: null,
        idempotencyKey: 'b',
      }),
    ).rejects.toBe(outage);
    expect(await simulator.fetchHistory(AGENT, channelId, { limit: 10 })).toEqual([]);

    const sent = await send('a');
    expect(sent.duplicate).toBe(false);
    expect(await simulator.fetchHistory(AGENT, channelId, { limit: 10 })).toHaveLength(1);
  });

  it('fails the next send with a flood wait that names its seconds', async () => {
    const { simulator, channelId } = directChat();
    simulator.faults.floodWait(42);
    const sending = simulator.sendText(AGENT, channelId, { text: 'Hi', replyTo: null, idempotencyKey: 'k' });
    await expect(sending).rejects.toBeInstanceOf(MessagingError);
    await expect(sending).rejects.toMatchObject({ retryable: true, retryAfterSeconds: 42 });
    await expect(
      simulator.sendText(AGENT, channelId, { text: 'Hi', replyTo: null, idempotencyKey: 'k' }),
    ).resolves.toMatchObject({ duplicate: false });
  });

  it('delays sends on the clock until the delay has passed', async () => {
    const { simulator, channelId } = directChat();
    simulator.faults.delaySends(2_000);
    let settled = false;
    const sending = simulator
      .sendText(AGENT, channelId, { text: 'Slow', replyTo: null, idempotencyKey: 'slow' })
      .finally(() => {
        settled = true;
      });
    fixture.clock.advance(1_999);
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    expect(await simulator.fetchHistory(AGENT, channelId, { limit: 10 })).toEqual([]);
    fixture.clock.advance(1);
    await expect(sending).resolves.toMatchObject({ duplicate: false });
  });

  it('delivers but fails a send whose acknowledgement is lost; the resend with its key is a duplicate', async () => {
    const { simulator, channelId } = directChat();
    const changes: SimulatorChange[] = [];
    simulator.onChange((change) => changes.push(change));
    simulator.faults.failAfterDelivery(1);
    const outbound = { text: 'Did this arrive?', replyTo: null, idempotencyKey: 'lost-ack' };

    await expect(simulator.sendText(AGENT, channelId, outbound)).rejects.toMatchObject({ retryable: true });
    const [delivered] = await simulator.fetchHistory(AGENT, channelId, { limit: 10 });
    expect(delivered?.parts).toEqual([{ kind: 'text', text: 'Did this arrive?' }]);

    await expect(simulator.sendText(AGENT, channelId, outbound)).resolves.toEqual({
      messageId: delivered!.messageId,
      duplicate: true,
    });
    expect(changes.filter((change) => change.type === 'message')).toHaveLength(1);
  });
});
