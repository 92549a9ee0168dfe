import { describe, expect, it } from 'vitest';
import {
  type NewTaskLogEntry,
  openDatabase,
  TASK_LOG_RETENTION_DAYS,
  TaskLogRepository,
  taskLogRetentionCutoff,
} from '../../../src/main/store';
import { manualClock } from '../../support/helpers';

function setup() {
  const db = openDatabase(':memory:');
  const clock = manualClock('2026-03-10T12:00:00.000Z');
  return { db, clock, log: new TaskLogRepository(db, { now: clock.now }) };
}

const at = (iso: string) => new Date(iso);

function entry(overrides: Partial<NewTaskLogEntry> = {}): NewTaskLogEntry {
  return { agentConfigName: 'Cindy', agentTelegramId: 100, channelId: 555, actionKind: 'send', ...overrides };
}

describe('TaskLogRepository', () => {
  it('appends an entry and returns it as stored', () => {
    const { db, log } = setup();
    const stored = log.append({
      timestamp: at('2026-03-10T11:59:00Z'),
      agentConfigName: 'Cindy',
      agentTelegramId: 100,
      channelId: -1001234567890,
      actionKind: 'llm_usage',
      taskIdentifier: 'received-1',
      details: { operation: 'received', model_name: 'gemini-2.5-flash', input_tokens: 1200, cost: 0.0012 },
    });
    expect(stored).toEqual({
      id: expect.any(Number),
      timestamp: '2026-03-10T11:59:00.000Z',
      agentConfigName: 'Cindy',
      agentTelegramId: 100,
      channelId: -1001234567890,
      actionKind: 'llm_usage',
      taskIdentifier: 'received-1',
      details: { operation: 'received', model_name: 'gemini-2.5-flash', input_tokens: 1200, cost: 0.0012 },
      failureMessage: null,
    });
    expect(log.list({ limit: 10 })).toEqual([stored]);
    db.close();
  });

  it('fills in the time, empty details and missing ids', () => {
    const { db, log } = setup();
    const stored = log.append({ agentConfigName: 'Cindy', actionKind: 'wait', failureMessage: 'flood wait' });
    expect(stored).toMatchObject({
      timestamp: '2026-03-10T12:00:00.000Z',
      agentTelegramId: null,
      channelId: null,
      taskIdentifier: null,
      details: {},
      failureMessage: 'flood wait',
    });
    db.close();
  });

  it('lists newest first, breaking ties by insertion order, up to the limit', () => {
    const { db, log } = setup();
    log.append(entry({ timestamp: at('2026-03-10T09:00:00Z'), taskIdentifier: 'old' }));
    log.append(entry({ timestamp: at('2026-03-10T11:00:00Z'), taskIdentifier: 'same-1' }));
    log.append(entry({ timestamp: at('2026-03-10T11:00:00Z'), taskIdentifier: 'same-2' }));
    log.append(entry({ timestamp: at('2026-03-10T10:00:00Z'), taskIdentifier: 'middle' }));
    expect(log.list({ limit: 10 }).map((row) => row.taskIdentifier)).toEqual([
      'same-2',
      'same-1',
      'middle',
      'old',
    ]);
    expect(log.list({ limit: 2 }).map((row) => row.taskIdentifier)).toEqual(['same-2', 'same-1']);
    db.close();
  });

  it('filters by agent, channel, kinds and time window, in any combination', () => {
    const { db, log } = setup();
    log.append(entry({ timestamp: at('2026-03-09T10:00:00Z'), taskIdentifier: 'cindy-555-send-early' }));
    log.append(entry({ timestamp: at('2026-03-10T10:00:00Z'), taskIdentifier: 'cindy-555-send' }));
    log.append(
      entry({
        timestamp: at('2026-03-10T10:30:00Z'),
        actionKind: 'llm_usage',
        taskIdentifier: 'cindy-555-usage',
      }),
    );
    log.append(
      entry({ timestamp: at('2026-03-10T11:00:00Z'), channelId: 777, taskIdentifier: 'cindy-777-send' }),
    );
    log.append(
      entry({
        timestamp: at('2026-03-10T11:30:00Z'),
        agentConfigName: 'Olga',
        taskIdentifier: 'olga-555-send',
      }),
    );
    const ids = (query: Parameters<typeof log.list>[0]) => log.list(query).map((row) => row.taskIdentifier);

    expect(ids({ agent: 'Olga', limit: 10 })).toEqual(['olga-555-send']);
    expect(ids({ channelId: 777, limit: 10 })).toEqual(['cindy-777-send']);
    expect(ids({ kinds: ['llm_usage'], limit: 10 })).toEqual(['cindy-555-usage']);
    expect(ids({ kinds: ['llm_usage', 'send'], agent: 'Cindy', channelId: 555, limit: 10 })).toEqual([
      'cindy-555-usage',
      'cindy-555-send',
      'cindy-555-send-early',
    ]);
    expect(ids({ since: at('2026-03-10T10:00:00Z'), until: at('2026-03-10T11:00:00Z'), limit: 10 })).toEqual([
      'cindy-555-usage',
      'cindy-555-send',
    ]);
    expect(ids({ agent: 'Cindy', since: at('2026-03-10T00:00:00Z'), kinds: ['send'], limit: 10 })).toEqual([
      'cindy-777-send',
      'cindy-555-send',
    ]);
    expect(ids({ kinds: [], limit: 10 })).toEqual([]);
    db.close();
  });

  it('rejects a limit that is not a positive integer', () => {
    const { db, log } = setup();
    expect(() => log.list({ limit: 0 })).toThrow(RangeError);
    expect(() => log.list({ limit: 2.5 })).toThrow(RangeError);
    db.close();
  });

  it('prunes entries older than the cutoff and reports how many', () => {
    const { db, log } = setup();
    log.append(entry({ timestamp: at('2026-02-20T00:00:00Z'), taskIdentifier: 'expired' }));
    log.append(entry({ timestamp: at('2026-02-24T11:59:59.999Z'), taskIdentifier: 'just-expired' }));
    log.append(entry({ timestamp: at('2026-02-24T12:00:00Z'), taskIdentifier: 'boundary' }));
    log.append(entry({ timestamp: at('2026-03-10T00:00:00Z'), taskIdentifier: 'recent' }));

    const cutoff = taskLogRetentionCutoff(at('2026-03-10T12:00:00Z'));
    expect(cutoff.toISOString()).toBe('2026-02-24T12:00:00.000Z');
    expect(log.pruneOlderThan(cutoff)).toBe(2);
    expect(log.list({ limit: 10 }).map((row) => row.taskIdentifier)).toEqual(['recent', 'boundary']);
    db.close();
  });

  it('keeps 14 days by default and accepts another retention', () => {
    expect(TASK_LOG_RETENTION_DAYS).toBe(14);
    expect(taskLogRetentionCutoff(at('2026-03-10T00:00:00Z'), 1).toISOString()).toBe(
      '2026-03-09T00:00:00.000Z',
    );
  });
});
