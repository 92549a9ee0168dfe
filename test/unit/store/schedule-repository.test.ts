import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/logging';
import { openStore } from '../../../src/main/store';
import type { ScheduleActivity } from '../../../src/shared/domain/schedule';

const NOW = new Date('2026-03-02T07:00:00Z');
const nap: ScheduleActivity = {
  id: 'act-nap',
  start: '2026-03-02T13:00:00.000Z',
  end: '2026-03-02T14:00:00.000Z',
  name: 'Nap',
  responsiveness: 0,
  description: '',
};

describe('schedules kept in memory', () => {
  const store = () => openStore({ file: ':memory:', logger: createLogger({ level: 'silent' }) });

  it('are read again after a change, a rolled back one included', () => {
    const s = store();
    expect(s.schedules.get('Ada').activities).toEqual([]);
    s.schedules.replace('Ada', [nap], NOW);
    expect(s.schedules.get('Ada').activities).toEqual([nap]);

    expect(() =>
      s.transaction(() => {
        s.schedules.replace('Ada', [], NOW);
        // Inside, the change shows; it is not kept, since it may yet be undone.
        expect(s.schedules.get('Ada').activities).toEqual([]);
        throw new Error('undo');
      }),
    ).toThrow('undo');
    expect(s.schedules.get('Ada').activities).toEqual([nap]);
    s.close();
  });

  it('follow their agent when its rows are renamed or deleted', () => {
    const s = store();
    s.schedules.replace('Ada', [nap], NOW);
    expect(s.schedules.get('Ada').activities).toEqual([nap]);
    expect(s.schedules.get('Bea').activities).toEqual([]);
    s.agentRows.rename('Ada', 'Bea');
    expect(s.schedules.get('Ada').activities).toEqual([]);
    expect(s.schedules.get('Bea').activities).toEqual([nap]);
    s.agentRows.delete('Bea');
    expect(s.schedules.get('Bea').activities).toEqual([]);
    s.close();
  });
});
