import type { ZoneChangeChoice, ZoneChoiceNeeded } from '../../../src/shared/api/agent-zone-contract';
import type { AgentDetail } from '../../../src/shared/api/contract';
import { ApiError } from '../../../src/shared/api/errors';
import type { AgentChanges, AgentConfig } from '../../../src/shared/domain/config';

/** The zone of an agent whose file names none. */
const FAKE_SERVER_ZONE = 'UTC';

/**
 * The fake runtime's agent files: a version per agent that every write moves on, so a test can
 * make "the file changed on disk" by bumping it, and writes that change the agent's config.
 */
export class FakeAgentFiles {
  readonly #versions = new Map<string, number>();
  /** What each agent keeps timed in its zone (schedule activities, events), as a test sets it. */
  readonly timed = new Map<string, { activities: number; events: number }>();

  version(configName: string): string {
    return `v${this.#versions.get(configName) ?? 1}`;
  }

  /** The file was edited outside the console. */
  touch(configName: string): void {
    this.#versions.set(configName, (this.#versions.get(configName) ?? 1) + 1);
  }

  update(
    agent: { config: AgentConfig },
    input: { fileVersion: string; changes: AgentChanges; zoneChange?: ZoneChangeChoice },
  ): void {
    const { configName } = agent.config;
    if (input.fileVersion !== this.version(configName)) {
      throw new ApiError(
        'conflict',
        `${configName}.md changed on disk since you opened it; reload to see the change, then make yours again.`,
      );
    }
    if (input.changes.name !== undefined && input.changes.name.trim() === '') {
      throw new ApiError('invalid_input', '"Agent Name" must not be empty.', [
        { path: 'changes.name', message: '"Agent Name" must not be empty.' },
      ]);
    }
    this.#moveTimes(agent.config, input.changes, input.zoneChange);
    agent.config = { ...agent.config, ...input.changes };
    this.touch(configName);
  }

  /** As the runtime does: a new zone needs a choice while the agent keeps times; delete drops them. */
  #moveTimes(config: AgentConfig, changes: AgentChanges, zoneChange: ZoneChangeChoice | undefined): void {
    const zone = (timezone: string | null | undefined) => timezone || FAKE_SERVER_ZONE;
    if (changes.timezone === undefined || zone(changes.timezone) === zone(config.timezone)) return;
    const timed = this.timed.get(config.configName) ?? { activities: 0, events: 0 };
    if (timed.activities + timed.events === 0) return;
    if (zoneChange === undefined) {
      const details: ZoneChoiceNeeded = {
        kind: 'zoneChoiceNeeded',
        fromZone: zone(config.timezone),
        toZone: zone(changes.timezone),
        ...timed,
      };
      throw new ApiError('conflict', `${config.name} keeps times in its zone; choose.`, undefined, details);
    }
    if (zoneChange === 'delete') this.timed.delete(config.configName);
  }

  detail(agent: Omit<AgentDetail, 'fileVersion'>): AgentDetail {
    return { ...agent, fileVersion: this.version(agent.config.configName) };
  }
}
