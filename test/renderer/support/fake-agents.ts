import type { AgentDetail } from '../../../src/shared/api/contract';
import { ApiError } from '../../../src/shared/api/errors';
import type { AgentChanges, AgentConfig } from '../../../src/shared/domain/config';

/**
 * The fake runtime's agent files: a version per agent that every write moves on, so a test can
 * make "the file changed on disk" by bumping it, and writes that change the agent's config.
 */
export class FakeAgentFiles {
  readonly #versions = new Map<string, number>();

  version(configName: string): string {
    return `v${this.#versions.get(configName) ?? 1}`;
  }

  /** The file was edited outside the console. */
  touch(configName: string): void {
    this.#versions.set(configName, (this.#versions.get(configName) ?? 1) + 1);
  }

  update(agent: { config: AgentConfig }, input: { fileVersion: string; changes: AgentChanges }): void {
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
    agent.config = { ...agent.config, ...input.changes };
    this.touch(configName);
  }

  detail(agent: Omit<AgentDetail, 'fileVersion'>): AgentDetail {
    return { ...agent, fileVersion: this.version(agent.config.configName) };
  }
}
