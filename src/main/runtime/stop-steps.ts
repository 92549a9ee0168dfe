import type { Logger } from '../logging';

export interface StopStep {
  name: string;
  run: () => unknown;
}

/**
 * Runs shutdown steps in order within one time budget. A step that fails, or is still running
 * when the budget is spent, is logged and left behind, so the steps after it (the store's close
 * comes last) always run and the whole shutdown ends on time.
 */
export async function runStopSteps(
  steps: readonly StopStep[],
  budgetMs: number,
  logger: Logger,
): Promise<void> {
  const deadline = Date.now() + budgetMs;
  for (const step of steps) {
    const outcome = await settleBefore(step.run, deadline);
    if (outcome.kind === 'failed')
      logger.error({ err: outcome.error, step: step.name }, 'a shutdown step failed');
    if (outcome.kind === 'overran') {
      logger.warn({ step: step.name, budgetMs }, 'a shutdown step ran out of time and was left behind');
    }
  }
}

type Outcome = { kind: 'done' } | { kind: 'failed'; error: unknown } | { kind: 'overran' };

async function settleBefore(run: () => unknown, deadline: number): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const overran = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'overran' }), Math.max(0, deadline - Date.now()));
  });
  const settled = (async (): Promise<Outcome> => {
    try {
      await run();
      return { kind: 'done' };
    } catch (error) {
      return { kind: 'failed', error };
    }
  })();
  try {
    return await Promise.race([settled, overran]);
  } finally {
    clearTimeout(timer);
  }
}
