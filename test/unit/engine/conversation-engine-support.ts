import { afterEach, describe } from 'vitest';
import type { StructuredQuery } from '../../../src/main/llm/provider';
import type { EngineHarness } from '../../support/engine-harness';

/** One area of the conversation engine's tests ("conversation engine > <area> > …"), each in its own file. */
export function describeConversationEngine(area: string, tests: () => void): void {
  describe('conversation engine', () => {
    describe(area, tests);
  });
}

/** Closes the harness the test made (`current` reads it) once the test ends. */
export function closeHarnessAfterEach(current: () => EngineHarness): void {
  afterEach(async () => {
    await current().close();
  });
}

/** What closes the request: the final user turn, where this turn's context goes. */
export function turnContextOf(query: StructuredQuery): string {
  return query.turns.at(-1)!.parts.join('\n');
}
