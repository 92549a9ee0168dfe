import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ZoneChangeChoices } from '../../src/renderer/features/agents/components/editor/ZoneChangeDialog';
import { createAgentsStore } from '../../src/renderer/features/agents/store';
import {
  timedSummary,
  type ZoneChangeChoice,
  type ZoneChoiceNeeded,
  zoneChoiceNeeded,
} from '../../src/shared/api/agent-zone-contract';
import { agentConfig, FakeRuntime, runtimeState } from './support/fake-runtime';
import { textOf } from './support/render-markup';

const AGENT = 'Juniper';

const NEEDED: ZoneChoiceNeeded = {
  kind: 'zoneChoiceNeeded',
  fromZone: 'Europe/London',
  toZone: 'Europe/Paris',
  activities: 2,
  events: 1,
};

function choices(pending: ZoneChangeChoice | null, needed: ZoneChoiceNeeded = NEEDED): string {
  const noop = () => undefined;
  const html = renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(ZoneChangeChoices, {
        agentName: 'Juniper',
        needed,
        pending,
        onChoose: noop,
        onCancel: noop,
      }),
    ),
  );
  return html.replace(/<style[\s\S]*?<\/style>/g, '');
}

/** The buttons of the markup: their label and whether they are disabled. */
function buttons(html: string): string[] {
  return [...html.matchAll(/<button([^>]*)>([\s\S]*?)<\/button>/g)].map(
    ([, attributes, inner]) => `${textOf(inner!).trim()}${/\sdisabled=""/.test(attributes!) ? ' (off)' : ''}`,
  );
}

describe('changing the time zone of an agent that keeps times', () => {
  async function setUp() {
    const runtime = new FakeRuntime();
    runtime.agents = [
      {
        config: agentConfig({ configName: AGENT, name: 'Juniper', timezone: 'Europe/London' }),
        runtime: runtimeState(AGENT),
      },
    ];
    runtime.agentFiles.timed.set(AGENT, { activities: 2, events: 1 });
    const store = createAgentsStore(runtime.client);
    await store.getState().actions.openAgent(AGENT);
    return { store, detail: () => store.getState().detail!.detail! };
  }

  it('is refused with what the runtime needs to know to ask, and changes nothing', async () => {
    const { store, detail } = await setUp();
    const refusal = await store
      .getState()
      .actions.updateAgent(AGENT, detail().fileVersion, { timezone: 'Europe/Paris' })
      .catch((error: unknown) => error);
    expect(zoneChoiceNeeded(refusal)).toEqual(NEEDED);
    expect(detail().config.timezone).toBe('Europe/London');
    // A refusal of another kind is not mistaken for one.
    const stale = await store
      .getState()
      .actions.updateAgent(AGENT, 'v0', { name: 'June' })
      .catch((error: unknown) => error);
    expect(stale).toMatchObject({ code: 'conflict' });
    expect(zoneChoiceNeeded(stale)).toBeNull();
  });

  it('saves once told, and after deleting the times a later change needs no choice', async () => {
    const { store, detail } = await setUp();
    const { updateAgent } = store.getState().actions;
    await updateAgent(AGENT, detail().fileVersion, { timezone: 'Europe/Paris' }, 'keepWallClock');
    expect(detail().config.timezone).toBe('Europe/Paris');
    await expect(updateAgent(AGENT, detail().fileVersion, { timezone: 'Asia/Tokyo' })).rejects.toMatchObject({
      code: 'conflict',
    });
    await updateAgent(AGENT, detail().fileVersion, { timezone: 'Asia/Tokyo' }, 'delete');
    await updateAgent(AGENT, detail().fileVersion, { timezone: 'America/Chicago' });
    expect(detail().config.timezone).toBe('America/Chicago');
  });

  it('asks in the dialog with the counts and both zones, offering keep, delete and cancel', () => {
    const html = choices(null);
    expect(textOf(html)).toContain(
      'Juniper has 2 schedule activities and 1 scheduled event timed in Europe/London. With Juniper moving to Europe/Paris, what becomes of them?',
    );
    expect(textOf(html)).toContain('a 07:00 wake-up stays 07:00');
    expect(textOf(html)).toContain('Delete them : the schedule and the event are removed.');
    expect(buttons(html)).toEqual(['Cancel', 'Delete them', 'Keep wall-clock times']);
    expect(html).toMatch(/<button[^>]*data-autofocus="true"[^>]*>[\s\S]*?Keep wall-clock times/);
  });

  it('holds the other buttons while a choice is being saved', () => {
    expect(buttons(choices('keepWallClock'))).toEqual([
      'Cancel (off)',
      'Delete them (off)',
      'Keep wall-clock times (off)',
    ]);
    expect(buttons(choices('delete'))).toEqual([
      'Cancel (off)',
      'Delete them (off)',
      'Keep wall-clock times (off)',
    ]);
  });

  it('speaks of one event as one, and of no schedule when there is none', () => {
    const html = choices(null, { ...NEEDED, activities: 0, events: 1 });
    expect(textOf(html)).toContain('Juniper has 1 scheduled event timed in Europe/London.');
    expect(textOf(html)).toContain('what becomes of it?');
    expect(textOf(html)).toContain('Delete it : the event is removed.');
    expect(buttons(html)).toEqual(['Cancel', 'Delete it', 'Keep wall-clock times']);
  });

  it('names only what the agent keeps', () => {
    expect(timedSummary({ activities: 1, events: 0 })).toBe('1 schedule activity');
    expect(timedSummary({ activities: 0, events: 3 })).toBe('3 scheduled events');
  });
});
