import type { EventHub } from '../api/event-hub';
import type { Clock } from '../clock';
import type { ConfigService } from '../config';
import { type ConversationEngine, ScheduleExtender } from '../engine';
import type { LlmRouter } from '../llm';
import type { Logger } from '../logging';
import type { Store } from '../store';

export interface DailySchedulesDeps {
  store: Store;
  config: ConfigService;
  llm: Pick<LlmRouter, 'resolve' | 'providerFor'>;
  clock: Clock;
  events: EventHub;
  engines: readonly ConversationEngine[];
  defaultTimeZone: string;
  logger: Logger;
}

/**
 * Agents' daily schedules across the runtime: one extender keeps every schedule ahead (whichever
 * network the agent is on), and any change of a schedule (the operator's, the agent's own task,
 * an extension) makes the engines look at their conversations again, so a turn the schedule
 * held (a sleeping agent) runs as soon as the new schedule allows it. Returns the extender.
 */
export function startDailySchedules(deps: DailySchedulesDeps): {
  extender: ScheduleExtender;
  stopWatching: () => void;
} {
  const { config } = deps;
  const extender = new ScheduleExtender({
    store: deps.store,
    llm: deps.llm,
    prompts: () => config.internalPrompts,
    defaultLlm: () => deps.store.settings.get().engine.defaultAgentLlm,
    now: () => deps.clock.now(),
    clock: deps.clock,
    logger: deps.logger.child({ module: 'schedule' }),
    agents: () => config.config.agents,
    timeZone: (agent) => agent.timezone ?? deps.defaultTimeZone,
    onChanged: (agent) => deps.events.emit('schedule.changed', { agent }),
  });
  const stopWatching = deps.events.subscribe(() => {
    for (const engine of deps.engines) engine.refresh();
  }, ['schedule.changed']);
  extender.start();
  return { extender, stopWatching };
}
