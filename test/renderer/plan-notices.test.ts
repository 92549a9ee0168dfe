import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown = vi.hoisted(() => [] as Array<{ color: string; title: string; message: string }>);
vi.mock('@mantine/notifications', () => ({
  notifications: { show: (notice: { color: string; title: string; message: string }) => shown.push(notice) },
}));

const { runPlanAction } = await import(
  '../../src/renderer/features/conversations/components/plan/run-plan-action'
);
const { ApiError } = await import('../../src/shared/api/errors');

describe('plan action notices', () => {
  beforeEach(() => {
    shown.length = 0;
  });

  it("shows the runtime's refusal sentence as a notice, not an error", async () => {
    await runPlanAction('Not cancelled', async () => ({ done: false, refusal: 'Already sent.' }));
    expect(shown).toEqual([{ color: 'yellow', title: 'Not cancelled', message: 'Already sent.' }]);
  });

  it('says nothing when the action was done', async () => {
    await runPlanAction('Not cancelled', async () => ({ done: true, cancelled: ['send-2'] }));
    expect(shown).toEqual([]);
  });

  it('shows any other failure as an error with its message', async () => {
    await runPlanAction('Not retried', async () => {
      throw new ApiError('unavailable', 'The engine is not running.');
    });
    expect(shown).toEqual([{ color: 'red', title: 'Not retried', message: 'The engine is not running.' }]);
  });
});
