import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { EventEditor } from '../../src/renderer/features/events/components/EventEditor';
import { EventsPanel } from '../../src/renderer/features/events/components/EventsPanel';
import {
  checkEventForm,
  eventForm,
  newEventForm,
  repeatWords,
} from '../../src/renderer/features/events/model';
import { createEventsStore, eventsKey } from '../../src/renderer/features/events/store';
import { ApiError } from '../../src/shared/api/errors';
import { FakeRuntime, settle } from './support/fake-runtime';
import { renderEvents } from './support/render-events';
import { textOf } from './support/render-markup';

const REF = { agent: 'Juniper', network: 'simulator' as const, channelId: 1001 };

function setUp() {
  const runtime = new FakeRuntime();
  const store = createEventsStore(runtime.client);
  runtime.client.on('events.changed', (ref) => store.getState().actions.applyChanged(ref));
  return { runtime, store, entry: () => store.getState().conversations[eventsKey(REF)] };
}

describe('events store', () => {
  it('follows a conversation: loads its events and fetches them again when the runtime says they changed', async () => {
    const { runtime, store, entry } = setUp();
    const stop = store.getState().actions.follow(REF);
    await settle();
    expect(entry()).toMatchObject({ status: 'ready', value: { timeZone: 'UTC', events: [] } });

    runtime.events.seed(REF, { id: 'tea', intent: 'Ask about the tea', localTime: '2025-06-02T09:00' });
    await settle();
    expect(entry()!.value!.events).toMatchObject([{ id: 'tea', intent: 'Ask about the tea' }]);

    stop();
    runtime.events.seed(REF, { id: 'cake', intent: 'Ask about the cake', localTime: '2025-06-03T09:00' });
    await settle();
    expect(entry()!.value!.events).toHaveLength(1);
  });

  it('shows what a save answers at once, and rejects with the runtime refusal, keeping the list', async () => {
    const { store, entry } = setUp();
    const { actions } = store.getState();
    actions.follow(REF);
    await settle();
    const draft = { intent: 'Water the plants', time: '2025-06-02T08:00', interval: '1 day', occurrences: 3 };
    const id = await actions.save(REF, null, draft);
    expect(entry()!.value!.events).toMatchObject([{ id, interval: '1 day', remaining: 3 }]);

    await expect(actions.save(REF, id, { ...draft, time: '2025-05-01T08:00' })).rejects.toThrow(ApiError);
    expect(entry()!.value!.events).toMatchObject([{ id, localTime: '2025-06-02T08:00' }]);

    await actions.remove(REF, id);
    expect(entry()!.value!.events).toEqual([]);
  });
});

describe('events model', () => {
  it('turns the form into a draft, saying under each field what to fix', () => {
    const form = { ...newEventForm(new Date('2025-06-01T12:00:00Z'), 'Europe/Paris'), intent: 'Say hi' };
    expect(form.time).toBe('2025-06-01T15:00');
    expect(checkEventForm(form)).toEqual({
      ok: true,
      draft: { intent: 'Say hi', time: '2025-06-01T15:00', interval: null, occurrences: null },
    });
    expect(
      checkEventForm({ ...form, repeats: true, every: '2', unit: 'hour', occurrences: '4' }),
    ).toMatchObject({
      ok: true,
      draft: { interval: '2 hours', occurrences: 4 },
    });
    expect(checkEventForm({ ...form, intent: ' ', repeats: true, every: '0', occurrences: 'x' })).toEqual({
      ok: false,
      errors: {
        intent: 'Write what the agent should do then.',
        every: 'A whole number, 1 or more.',
        occurrences: 'A whole number, 1 or more, or empty for no end.',
      },
    });
  });

  it('reads an event back into the form, and its repeat in words', () => {
    const event = {
      id: 'e',
      intent: 'Stretch',
      dueAt: '2025-06-02T08:00:00.000Z',
      localTime: '2025-06-02T08:00',
      interval: '2 weeks',
      remaining: null,
      firedCount: 0,
      lastFiredAt: null,
    };
    expect(eventForm(event)).toMatchObject({ repeats: true, every: '2', unit: 'week', occurrences: '' });
    expect(repeatWords(event)).toBe('Every 2 weeks, no end');
    expect(repeatWords({ interval: '1 day', remaining: 1 })).toBe('Every day, 1 time left');
    expect(repeatWords({ interval: null, remaining: null })).toBe('Once');
  });
});

describe('events panel', () => {
  it('lists the events soonest first with their times in the agent zone, and says when there are none', async () => {
    const { runtime, store } = setUp();
    store.getState().actions.follow(REF);
    await settle();
    const empty = textOf(renderEvents(store, createElement(EventsPanel, { conversation: REF })));
    expect(empty).toContain('No events');
    expect(empty).toContain('Times in UTC');

    runtime.events.seed(REF, { id: 'b', intent: 'Ask how the exam went', localTime: '2025-06-03T13:00' });
    runtime.events.seed(REF, {
      id: 'a',
      intent: 'Say good morning',
      localTime: '2025-06-02T08:00',
      interval: '1 day',
      remaining: 5,
      firedCount: 2,
    });
    await settle();
    const html = renderEvents(store, createElement(EventsPanel, { conversation: REF }));
    const text = textOf(html);
    expect(text.indexOf('Say good morning')).toBeLessThan(text.indexOf('Ask how the exam went'));
    expect(text).toContain('Mon, 2 Jun 2025, 08:00');
    expect(text).toContain('Every day, 5 times left · fired 2×');
    expect(text).toContain('Tue, 3 Jun 2025, 13:00');
    expect(text).toContain('Once');
    // Named by when and what, not by their ids.
    expect(html).toContain('aria-label="Delete event Mon, 2 Jun 2025, 08:00, “Say good morning”"');
    expect(html).toContain('aria-label="Edit event Tue, 3 Jun 2025, 13:00, “Ask how the exam went”"');
  });

  it('draws the editor with the repeat fields only when the event repeats, in the agent zone', () => {
    const { store } = setUp();
    const form = { ...newEventForm(new Date('2025-06-01T12:00:00Z'), 'UTC'), intent: 'Say hi' };
    const props = { timeZone: 'Asia/Tokyo', isNew: true, onSave: async () => {}, onCancel: () => {} };
    const once = textOf(renderEvents(store, createElement(EventEditor, { ...props, initial: form })));
    expect(once).toContain("In the agent's time zone, Asia/Tokyo");
    expect(once).toContain('Create event');
    expect(once).not.toContain('Times in all');
    const repeating = textOf(
      renderEvents(
        store,
        createElement(EventEditor, { ...props, isNew: false, initial: { ...form, repeats: true } }),
      ),
    );
    expect(repeating).toContain('Times in all');
    expect(repeating).toContain('Save event');
  });
});
