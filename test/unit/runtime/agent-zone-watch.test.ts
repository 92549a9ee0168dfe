import { describe, expect, it } from 'vitest';
import { AgentZoneWatch } from '../../../src/main/runtime/agent-zone-watch';
import { openStore } from '../../../src/main/store';
import type { AgentConfig } from '../../../src/shared/domain/config';
import { capturingLogger } from '../../support/helpers';

const agent = (configName: string, timezone: string | null) => ({ configName, timezone }) as AgentConfig;

describe('time zones changed by editing agent files', () => {
  function watchWithTimes() {
    const { logger, records } = capturingLogger();
    const store = openStore({ file: ':memory:', logger });
    const now = new Date('2026-06-01T00:00:00Z');
    store.schedules.replace(
      'Ada',
      [
        {
          id: 'wake',
          start: '2026-06-02T06:00:00Z',
          end: '2026-06-02T07:00:00Z',
          name: 'Wake up',
          responsiveness: 60,
          description: '',
        },
      ],
      now,
    );
    store.scheduledEvents.put(
      { agent: 'Ada', network: 'simulator', channelId: 1 },
      'event-1',
      { intent: 'Ask Pat', dueAt: new Date('2026-06-02T08:00:00Z'), intervalSeconds: null, remaining: null },
      now,
    );
    const watch = new AgentZoneWatch({ store, defaultTimeZone: 'UTC', logger });
    const warnings = () => records().filter((record) => record.level === 40);
    return { watch, store, warnings };
  }

  it('warns, after a reload, of a new zone that leaves stored times behind, saying how to keep their wall clock', () => {
    const { watch, store, warnings } = watchWithTimes();
    watch.reviewed([agent('Ada', 'Europe/Paris'), agent('Bo', null)]);
    expect(warnings()).toEqual([]);
    watch.reviewed([agent('Ada', 'Asia/Tokyo'), agent('Bo', 'Europe/Paris')]);
    expect(warnings()).toEqual([
      expect.objectContaining({
        agent: 'Ada',
        fromZone: 'Europe/Paris',
        toZone: 'Asia/Tokyo',
        activities: 1,
        events: 1,
        msg: expect.stringMatching(
          /keep their moments.*put Europe\/Paris back and change the zone in the console/,
        ),
      }),
    ]);
    // The times themselves are left as they were.
    expect(store.schedules.get('Ada').activities[0]?.start).toBe('2026-06-02T06:00:00Z');
    expect(store.scheduledEvents.listOfAgent('Ada')[0]?.dueAt.toISOString()).toBe('2026-06-02T08:00:00.000Z');
  });

  it('stays quiet about a change the console made, and about an agent keeping no times', () => {
    const { watch, warnings } = watchWithTimes();
    watch.reviewed([agent('Ada', null), agent('Bo', null)]);
    // Naming the server's zone, which Ada had by default, is no change.
    watch.reviewed([agent('Ada', 'UTC'), agent('Bo', null)]);
    watch.moved('Ada', 'Asia/Tokyo');
    watch.reviewed([agent('Ada', 'Asia/Tokyo'), agent('Bo', 'Asia/Tokyo')]);
    expect(warnings()).toEqual([]);
  });
});
