import type { AgentConfig } from '../../shared/domain/config';
import type { Logger } from '../logging';
import type { Store } from '../store';

export interface AgentZoneWatchDeps {
  store: Pick<Store, 'schedules' | 'scheduledEvents'>;
  /** The zone of an agent whose file names none: the server's. */
  defaultTimeZone: string;
  logger: Logger;
}

/**
 * Time zones changed by editing an agent file by hand. The stored schedule and events stay at their
 * instants (a reminder due in two hours still fires in two hours; the console shows the same
 * moments on the new zone's clock): nothing is rewritten behind the operator's back, whether Troupe
 * saw the edit or was stopped meanwhile. A reload that changes the zone of an agent keeping such
 * times says so in the log, with how to keep their wall-clock times instead. The console's editor
 * asks and moves them itself, and tells this watch (`moved`) so it is not warned of.
 */
export class AgentZoneWatch {
  readonly #deps: AgentZoneWatchDeps;
  /** Each agent's zone at the last reload; null before the first. */
  #zones: Map<string, string> | null = null;

  constructor(deps: AgentZoneWatchDeps) {
    this.#deps = deps;
  }

  /** The console moved the agent's times to `zone` and is writing it to the file. */
  moved(configName: string, zone: string): void {
    this.#zones?.set(configName, zone);
  }

  /** After each reload: notes the zones, and warns of each change that left stored times behind. */
  reviewed(agents: readonly AgentConfig[]): void {
    const before = this.#zones;
    this.#zones = new Map(
      agents.map((agent) => [agent.configName, agent.timezone ?? this.#deps.defaultTimeZone]),
    );
    if (before === null) return;
    for (const [configName, zone] of this.#zones) {
      const previous = before.get(configName);
      if (previous !== undefined && previous !== zone) this.#warn(configName, previous, zone);
    }
  }

  #warn(configName: string, fromZone: string, toZone: string): void {
    const { store, logger } = this.#deps;
    const activities = store.schedules.get(configName).activities.length;
    const events = store.scheduledEvents.listOfAgent(configName).length;
    if (activities === 0 && events === 0) return;
    logger.warn(
      { agent: configName, fromZone, toZone, activities, events },
      `${configName}'s time zone changed in its file from ${fromZone} to ${toZone}: its ${activities} schedule activities and ${events} scheduled events keep their moments, so their wall-clock times now read in ${toZone}. To keep their wall-clock times instead, put ${fromZone} back and change the zone in the console's agent editor.`,
    );
  }
}
