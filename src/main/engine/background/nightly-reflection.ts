import type { AgentConfig } from '../../../shared/domain/config';
import { latestNight, type ReflectionNight, type ReflectionRequest } from '../../memory';
import type { EngineCore } from '../engine-core';

/** What a night asks of memory work: which conversation, up to which message, for which night. */
export type NightlyRequest = Pick<ReflectionRequest, 'conversation' | 'agent' | 'night' | 'throughMessageId'>;

/** How often the engine looks whether a night has begun for some agent. */
const CHECK_INTERVAL_MS = 15 * 60_000;

/**
 * Nightly reflection: every quarter of an hour (and at start) the engine looks whether a new
 * night has begun for an agent (see `latestNight`); once per night and agent, each direct
 * conversation with messages from before the night's start that no reflection has read yet, and
 * that was not reflected on that night, is queued. After downtime this catches up once, for the
 * latest night only: the night mark of a conversation moves to it, whatever nights were missed.
 * A reflection that fails is tried again the next night.
 */
export class NightlyReflection {
  readonly #core: EngineCore;
  readonly #request: (request: NightlyRequest) => void;
  /** The night each agent's chats were last looked through: once a night is enough. */
  readonly #lookedThrough = new Map<string, string>();
  #cancel: (() => void) | null = null;
  #stopped = false;

  constructor(core: EngineCore, request: (request: NightlyRequest) => void) {
    this.#core = core;
    this.#request = request;
  }

  start(): void {
    this.#checkSoon();
  }

  stop(): void {
    this.#stopped = true;
    this.#cancel?.();
  }

  #checkSoon(delayMs = 0): void {
    if (this.#stopped) return;
    this.#cancel = this.#core.deps.clock.setTimer(delayMs, () => {
      this.#core.track(this.#check().finally(() => this.#checkSoon(CHECK_INTERVAL_MS)));
    });
  }

  async #check(): Promise<void> {
    const { deps } = this.#core;
    for (const configured of deps.agents()) {
      const agent = this.#core.agent(configured.configName);
      if (!agent || this.#stopped) continue;
      const night = latestNight(deps.clock.now(), this.#core.timeZone(agent));
      if (this.#lookedThrough.get(agent.configName) === night.date) continue;
      try {
        await this.#checkAgent(agent, night);
        this.#lookedThrough.set(agent.configName, night.date);
      } catch (error) {
        // An account that is not connected cannot say who it is; the next check tries again.
        this.#core.logger.debug({ err: error, agent: agent.configName }, 'nightly reflection check failed');
      }
    }
  }

  async #checkAgent(agent: AgentConfig, night: ReflectionNight): Promise<void> {
    const { deps } = this.#core;
    const chats = deps.store.sessionMemory
      .chatsBefore(agent.configName, deps.network, night.startedAt)
      .filter((chat) => chat.channelId > 0);
    if (chats.length === 0) return;
    const self = await deps.port.self(agent.configName);
    for (const chat of chats) {
      if (chat.channelId === self.id) continue;
      const conversation = { agent: agent.configName, network: deps.network, channelId: chat.channelId };
      const mark = deps.store.sessionMemory.mark(conversation, 'reflection');
      if (mark.night === night.date || chat.newestMessageId <= mark.throughMessageId) continue;
      this.#request({ conversation, agent, night: night.date, throughMessageId: chat.newestMessageId });
    }
  }
}
