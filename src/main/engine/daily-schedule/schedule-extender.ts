import type { AgentConfig } from '../../../shared/domain/config';
import type { Clock } from '../../clock';
import type { Logger } from '../../logging';
import { needsExtension } from '../../schedule';
import {
  type PlannedSchedule,
  type PlanScheduleDeps,
  planSchedule,
  ScheduleExtensionError,
} from './plan-schedule';

/** How often the extender looks whether an agent's schedule runs short. */
const CHECK_INTERVAL_MS = 10 * 60_000;
/** After a failed extension, the automatic checks leave the agent alone this long (the model costs). */
const RETRY_AFTER_FAILURE_MS = 60 * 60_000;

export interface ScheduleExtenderDeps extends PlanScheduleDeps {
  clock: Clock;
  logger: Logger;
  /** The agents as configured now. */
  agents: () => readonly AgentConfig[];
  timeZone: (agent: AgentConfig) => string;
  /** Told after an extension changed an agent's schedule. */
  onChanged: (agent: string) => void;
}

/**
 * Keeps the schedules of agents with a Daily Schedule ahead of time: at start and every ten
 * minutes, each enabled agent whose schedule has less than two days left is extended by its
 * model, one agent after another, in the background. One extension at a time per agent: the
 * operator's "Extend now" joins the one under way. After a failure the agent is left alone for
 * an hour, unless the operator asks.
 */
export class ScheduleExtender {
  readonly #deps: ScheduleExtenderDeps;
  readonly #running = new Map<string, Promise<PlannedSchedule>>();
  readonly #failedAt = new Map<string, number>();
  readonly #abort = new AbortController();
  #cancelTimer: (() => void) | null = null;
  #checking: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(deps: ScheduleExtenderDeps) {
    this.#deps = deps;
  }

  start(): void {
    this.#checkIn(0);
  }

  /** Stops checking, aborts the model calls under way and waits for them to end. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#cancelTimer?.();
    this.#abort.abort();
    await Promise.allSettled([this.#checking, ...this.#running.values()]);
  }

  /**
   * Extends the agent's schedule now, or joins the extension under way. Rejects with a
   * ScheduleExtensionError when the agent keeps no schedule or nothing was planned, and with the
   * model's error when it could not be asked.
   */
  extend(agentName: string): Promise<PlannedSchedule> {
    const agent = this.#deps.agents().find((candidate) => candidate.configName === agentName);
    if (!agent) return Promise.reject(new ScheduleExtensionError(`There is no agent "${agentName}".`, true));
    if (agent.dailySchedule === null) {
      return Promise.reject(
        new ScheduleExtensionError(
          `${agent.name} keeps no schedule: its file has no Daily Schedule section to plan from.`,
          true,
        ),
      );
    }
    return this.#run(agent);
  }

  #run(agent: AgentConfig): Promise<PlannedSchedule> {
    const name = agent.configName;
    const underWay = this.#running.get(name);
    if (underWay) return underWay;
    const deps = this.#deps;
    const work = planSchedule(deps, agent, deps.timeZone(agent), this.#abort.signal)
      .then((planned) => {
        this.#failedAt.delete(name);
        if (planned.written > 0) deps.onChanged(name);
        deps.logger.info({ agent: name, ...planned }, 'daily schedule extended');
        return planned;
      })
      .catch((error: unknown) => {
        this.#failedAt.set(name, deps.clock.now().getTime());
        throw error;
      })
      .finally(() => this.#running.delete(name));
    this.#running.set(name, work);
    return work;
  }

  #checkIn(delayMs: number): void {
    if (this.#stopped) return;
    this.#cancelTimer = this.#deps.clock.setTimer(delayMs, () => {
      this.#checking = this.#check().finally(() => this.#checkIn(CHECK_INTERVAL_MS));
    });
  }

  async #check(): Promise<void> {
    const deps = this.#deps;
    for (const agent of deps.agents()) {
      if (this.#stopped) return;
      if (agent.disabled || agent.dailySchedule === null) continue;
      const now = deps.clock.now();
      const failedAt = this.#failedAt.get(agent.configName);
      if (failedAt !== undefined && now.getTime() - failedAt < RETRY_AFTER_FAILURE_MS) continue;
      if (!needsExtension(deps.store.schedules.get(agent.configName).activities, now)) continue;
      try {
        await this.#run(agent);
      } catch (error) {
        if (this.#stopped) return;
        deps.logger.warn(
          { err: error, agent: agent.configName },
          'extending the daily schedule failed; trying again in an hour',
        );
      }
    }
  }
}
