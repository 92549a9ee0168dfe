import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScheduleActivity } from '../../../src/shared/domain/schedule';
import { callApi } from '../../support/engine-harness';
import { type LlmRuntime, startLlmRuntime } from '../../support/llm-runtime';

const activity = (id: string, start: string, end: string, responsiveness = 80): ScheduleActivity => ({
  id,
  start,
  end,
  name: id,
  responsiveness,
  description: '',
});

describe('agents’ schedules through the API', () => {
  let bed: LlmRuntime;

  beforeEach(async () => {
    bed = await startLlmRuntime('schedule-api');
  });

  afterEach(() => bed.close());

  it('saves a whole schedule in UTC, announces it, keeps it across a restart, and refuses overlaps', async () => {
    const heard: unknown[] = [];
    bed.runtime.events.subscribe((name, payload) => {
      if (name === 'schedule.changed') heard.push(payload);
    });
    const far = new Date(Date.now() + 7 * 24 * 3_600_000);
    const at = (hours: number) => new Date(far.getTime() + hours * 3_600_000).toISOString();
    const saved = await callApi(bed.runtime, 'schedule.save', {
      agent: 'Ada',
      activities: [
        activity('shop', at(3), at(8)),
        // Written with an offset: stored as the same instant in UTC.
        { ...activity('sleep', at(-8), at(0), 0), start: at(-8).replace('Z', '+00:00') },
      ],
    });
    expect(saved).toMatchObject({ currentId: null, lastExtendedAt: null });
    expect((saved.activities as ScheduleActivity[]).map((a) => [a.id, a.start])).toEqual([
      ['sleep', at(-8)],
      ['shop', at(3)],
    ]);
    expect(heard).toEqual([{ agent: 'Ada' }]);

    const overlap = await bed.runtime.dispatch('schedule.save', {
      agent: 'Ada',
      activities: [activity('a', at(0), at(2)), activity('b', at(1), at(3))],
    });
    expect(overlap).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: '"a" and "b" overlap; make one end before the other starts.' },
    });

    await bed.restart();
    const again = await callApi(bed.runtime, 'schedule.get', { agent: 'Ada' });
    expect((again.activities as ScheduleActivity[]).map((a) => a.id)).toEqual(['sleep', 'shop']);
    const missing = await bed.runtime.dispatch('schedule.get', { agent: 'Nobody' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('names the activity going on now', async () => {
    const now = Date.now();
    const around = activity(
      'now',
      new Date(now - 3_600_000).toISOString(),
      new Date(now + 3_600_000).toISOString(),
    );
    const view = await callApi(bed.runtime, 'schedule.save', { agent: 'Ada', activities: [around] });
    expect(view.currentId).toBe('now');
  });
});
