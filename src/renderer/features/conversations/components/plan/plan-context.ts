import { createContext, useContext } from 'react';
import type { TaskGraphView } from '../../../../../shared/domain/tasks';
import type { ChatRef } from '../../model';

/** What a task node needs beyond its task: the chat to act on and the plan it belongs to. */
export type PlanContextValue = { chatRef: ChatRef; graph: TaskGraphView; live: boolean };

/** A plan on screen: the chat's, its replaced plans behind it, live or as last seen. */
export type PlanViewProps = {
  chatRef: ChatRef;
  graph: TaskGraphView;
  replaced: readonly TaskGraphView[];
  live: boolean;
};

export const PlanContext = createContext<PlanContextValue | null>(null);

export function usePlanContext(): PlanContextValue {
  const value = useContext(PlanContext);
  if (!value) throw new Error('Task nodes are drawn inside a PlanContext.');
  return value;
}
