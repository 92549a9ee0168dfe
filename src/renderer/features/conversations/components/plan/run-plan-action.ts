import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../../api/errors';
import type { PlanOutcome } from '../../store';

/**
 * Runs a plan action and tells the operator how it went: a refusal (the task has just run, the
 * plan is gone) is a notice with the runtime's sentence, anything else an error.
 */
export async function runPlanAction(title: string, action: () => Promise<PlanOutcome>): Promise<void> {
  try {
    const outcome = await action();
    if (!outcome.done) notifications.show({ color: 'yellow', title, message: outcome.refusal });
  } catch (error) {
    notifications.show({ color: 'red', title, message: errorMessage(error) });
  }
}
