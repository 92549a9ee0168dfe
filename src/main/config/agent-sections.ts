/** The level-1 headings an agent file understands. Names are exact and case-sensitive. */
export const AGENT_SECTIONS = {
  name: 'Agent Name',
  phone: 'Agent Phone',
  telegramId: 'Telegram ID',
  timezone: 'Agent Timezone',
  llm: 'LLM',
  memoryLlm: 'Memory LLM',
  stickerSets: 'Agent Sticker Sets',
  rolePrompts: 'Role Prompt',
  startTypingDelay: 'Start Typing Delay',
  typingSpeed: 'Typing Speed',
  dailySchedule: 'Daily Schedule',
  instructions: 'Agent Instructions',
  resetContextOnFirstMessage: 'Reset Context On First Message',
  clearSummariesOnFirstMessage: 'Clear Summaries On First Message',
  gagged: 'Gagged',
  disabled: 'Disabled',
} as const;

/** Still accepted so older files load, but no longer has any effect. */
export const LEGACY_STICKER_SET_SECTION = 'Agent Sticker Set';

export const KNOWN_AGENT_SECTIONS: readonly string[] = [
  ...Object.values(AGENT_SECTIONS),
  LEGACY_STICKER_SET_SECTION,
];

/** Inclusive bounds of the per-agent typing overrides. */
export const START_TYPING_DELAY_RANGE = { min: 1, max: 3600 } as const;
export const TYPING_SPEED_RANGE = { min: 1, max: 1000 } as const;

/** Written values that mean "not set" for timezone and LLM. */
export function isUnsetWord(value: string): boolean {
  const lower = value.trim().toLowerCase();
  return lower === '' || lower === 'none' || lower === 'null';
}
