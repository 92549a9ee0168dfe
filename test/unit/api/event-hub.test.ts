import { describe, expect, test } from 'vitest';
import { EventHub } from '../../../src/main/api/event-hub';

describe('the event hub', () => {
  test('gives each listener every event, or only those it named', () => {
    const hub = new EventHub();
    const all: string[] = [];
    const schedules: string[] = [];
    hub.subscribe((name) => all.push(name));
    hub.subscribe((name) => schedules.push(name), ['schedule.changed']);

    hub.emit('schedule.changed', { agent: 'Ada' });
    hub.emit('events.changed', { agent: 'Ada', network: 'simulator', channelId: 1 });

    expect(all).toEqual(['schedule.changed', 'events.changed']);
    expect(schedules).toEqual(['schedule.changed']);
  });

  test('tells whether an event would reach anyone now', () => {
    const hub = new EventHub();
    expect(hub.isHeard('conversation.graphChanged')).toBe(false);
    const stopNamed = hub.subscribe(() => {}, ['schedule.changed']);
    expect(hub.isHeard('schedule.changed')).toBe(true);
    expect(hub.isHeard('conversation.graphChanged')).toBe(false);
    const stopAll = hub.subscribe(() => {});
    expect(hub.isHeard('conversation.graphChanged')).toBe(true);
    stopAll();
    stopNamed();
    expect(hub.isHeard('schedule.changed')).toBe(false);
  });
});
