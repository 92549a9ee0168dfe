import { afterEach, describe, expect, it } from 'vitest';
import { ONLINE_EXPIRY_MS, type SimulatorChange, TYPING_EXPIRY_MS } from '../../../src/main/simulator';
import { AGENT, SimulatorFixture } from './simulator-fixture';

describe('Simulator agent typing and online state', () => {
  let fixture: SimulatorFixture;
  afterEach(() => fixture.close());

  function watchedChat() {
    fixture = new SimulatorFixture();
    const { chat } = fixture.simulator.createChat(AGENT, { kind: 'direct', people: [{ firstName: 'Ann' }] });
    const activity: Omit<Extract<SimulatorChange, { type: 'activity' }>, 'type' | 'agent'>[] = [];
    fixture.simulator.onChange((change) => {
      if (change.type === 'activity') {
        activity.push({ channelId: change.channelId, typing: change.typing, online: change.online });
      }
    });
    return { simulator: fixture.simulator, clock: fixture.clock, channelId: chat.channelId, activity };
  }

  it('shows typing until it expires on the clock', async () => {
    const { simulator, clock, channelId, activity } = watchedChat();
    await simulator.setTyping(AGENT, channelId, 'typing');
    expect(simulator.activity(AGENT, channelId)).toEqual({ typing: true, online: true });
    clock.advance(TYPING_EXPIRY_MS);
    expect(simulator.activity(AGENT, channelId)).toEqual({ typing: false, online: true });
    expect(activity).toEqual([
      { channelId, typing: true, online: true },
      { channelId, typing: false, online: true },
    ]);
  });

  it('keeps typing while it is refreshed within the expiry', async () => {
    const { simulator, clock, channelId, activity } = watchedChat();
    await simulator.setTyping(AGENT, channelId, 'typing');
    clock.advance(5_000);
    await simulator.setTyping(AGENT, channelId, 'typing');
    clock.advance(5_000);
    expect(simulator.activity(AGENT, channelId).typing).toBe(true);
    expect(activity).toHaveLength(1);
  });

  it('stops typing on cancel but stays online', async () => {
    const { simulator, channelId, activity } = watchedChat();
    await simulator.setTyping(AGENT, channelId, 'typing');
    await simulator.setTyping(AGENT, channelId, 'cancel');
    expect(activity.at(-1)).toEqual({ channelId, typing: false, online: true });
  });

  it('counts a cancel alone as being online', async () => {
    const { simulator, channelId, activity } = watchedChat();
    await simulator.setTyping(AGENT, channelId, 'cancel');
    expect(activity).toEqual([{ channelId, typing: false, online: true }]);
  });

  it('stops typing when the message goes out', async () => {
    const { simulator, channelId } = watchedChat();
    await simulator.setTyping(AGENT, channelId, 'typing');
    await simulator.sendText(AGENT, channelId, { text: 'Here I am', replyTo: null, idempotencyKey: 'k' });
    expect(simulator.activity(AGENT, channelId)).toEqual({ typing: false, online: true });
  });

  it('goes offline five minutes after the agent’s last activity', async () => {
    const { simulator, clock, channelId, activity } = watchedChat();
    await simulator.sendText(AGENT, channelId, { text: 'Hi', replyTo: null, idempotencyKey: 'k' });
    clock.advance(ONLINE_EXPIRY_MS - 60_000);
    await simulator.markRead(AGENT, channelId, {
      upToMessageId: 1,
      clearMentions: false,
      clearReactions: false,
    });
    clock.advance(ONLINE_EXPIRY_MS - 1);
    expect(simulator.activity(AGENT, channelId).online).toBe(true);
    clock.advance(1);
    expect(simulator.activity(AGENT, channelId)).toEqual({ typing: false, online: false });
    expect(activity).toEqual([
      { channelId, typing: false, online: true },
      { channelId, typing: false, online: false },
    ]);
  });

  it('leaves no timers behind once closed', async () => {
    const { simulator, clock, channelId } = watchedChat();
    await simulator.setTyping(AGENT, channelId, 'typing');
    simulator.close();
    expect(clock.pendingTimers()).toBe(0);
  });
});
