/**
 * Which files each agent keeps in its Telegram Saved Messages (its media library), as its latest
 * listing showed them and as the console changed them since. A cached or curated description of
 * such a file is not deleted from under the agent. Held in memory: after a restart it fills again
 * with each agent's next turn or library view. The Simulator's library is the config
 * directories' own records and is never entered here.
 */
export class SavedMessagesRegistry {
  readonly #byAgent = new Map<string, Set<string>>();

  replace(agent: string, uniqueIds: readonly string[]): void {
    this.#byAgent.set(agent, new Set(uniqueIds));
  }

  add(agent: string, uniqueId: string): void {
    const ids = this.#byAgent.get(agent) ?? new Set<string>();
    ids.add(uniqueId);
    this.#byAgent.set(agent, ids);
  }

  remove(agent: string, uniqueId: string): void {
    this.#byAgent.get(agent)?.delete(uniqueId);
  }

  /** The agents that keep the file. */
  savedBy(uniqueId: string): string[] {
    return [...this.#byAgent].filter(([, ids]) => ids.has(uniqueId)).map(([agent]) => agent);
  }
}
