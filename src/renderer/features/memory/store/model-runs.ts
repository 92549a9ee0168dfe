import { errorMessage } from '../../../api/errors';
import type { MemoryState, ModelRun } from './types';

type RunKind = 'reflections' | 'summarizing';
type SetState = (change: (state: MemoryState) => Partial<MemoryState>) => void;

/**
 * Work that calls the model and may take a while or fail (busy conversation, no engine): one run
 * at a time per person or conversation, its failure kept for the view to explain.
 */
export function createModelRuns(set: SetState, get: () => MemoryState) {
  const mark = (kind: RunKind, key: string, run: ModelRun) =>
    set((s) => ({ [kind]: { ...s[kind], [key]: run } }));

  return async function runModel<R>(kind: RunKind, key: string, call: () => Promise<R>): Promise<R | null> {
    if (get()[kind][key]?.running) return null;
    mark(kind, key, { running: true, error: null });
    try {
      const result = await call();
      mark(kind, key, { running: false, error: null });
      return result;
    } catch (error) {
      mark(kind, key, { running: false, error: errorMessage(error) });
      return null;
    }
  };
}

export type RunModel = ReturnType<typeof createModelRuns>;
