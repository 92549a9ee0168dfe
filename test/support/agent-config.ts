import type { AgentConfig } from '../../src/shared/domain/config';

/** An agent with every optional section absent, as the parser reports it, with `overrides` on top. */
export function agentConfig(overrides: Partial<AgentConfig> & { configName: string }): AgentConfig {
  return {
    configDir: '/config/samples',
    file: `/config/samples/agents/${overrides.configName}.md`,
    name: overrides.configName,
    phone: '+15550000000',
    instructions: 'Be kind.',
    rolePrompts: [],
    stickerSets: [],
    timezone: null,
    llm: null,
    memoryLlm: null,
    startTypingDelay: null,
    typingSpeed: null,
    dailySchedule: null,
    resetContextOnFirstMessage: false,
    clearSummariesOnFirstMessage: false,
    disabled: false,
    gagged: false,
    telegramId: null,
    ...overrides,
  };
}
