import type { AgentConfig } from '../../shared/domain/config';
import { AGENT_SECTIONS, isUnsetWord, START_TYPING_DELAY_RANGE, TYPING_SPEED_RANGE } from './agent-sections';
import {
  demoteHeadingsOutsideCodeFences,
  hasUnclosedCodeFence,
  levelOneHeadingText,
} from './markdown-sections';
import { isValidTimeZone } from './time-zone';

/** What an agent file holds: the agent without where it was loaded from. */
export type AgentFileContent = Omit<AgentConfig, 'configName' | 'configDir' | 'file'>;

/** The agent cannot be written as a file that would read back as the same agent. */
export class UnwritableAgentError extends Error {
  override readonly name = 'UnwritableAgentError';
}

function singleLine(heading: string, value: string, { required }: { required: boolean }): string | null {
  const trimmed = value.trim();
  if (trimmed.includes('\n') || trimmed.includes('\r')) {
    throw new UnwritableAgentError(`"${heading}" must fit on one line.`);
  }
  if (trimmed === '' && required) throw new UnwritableAgentError(`"${heading}" must not be empty.`);
  if (levelOneHeadingText(trimmed) !== null || hasUnclosedCodeFence(trimmed)) {
    throw new UnwritableAgentError(
      `"${heading}" cannot be "${trimmed}": it would read as markdown structure.`,
    );
  }
  return trimmed === '' ? null : trimmed;
}

function lines(heading: string, entries: readonly string[]): string | null {
  const kept = entries
    .map((entry) => singleLine(heading, entry, { required: false }))
    .filter((entry) => entry !== null);
  return kept.length === 0 ? null : kept.join('\n');
}

function freeText(heading: string, value: string | null, { required }: { required: boolean }): string | null {
  const text = demoteHeadingsOutsideCodeFences(value ?? '').trim();
  if (text === '' && required) throw new UnwritableAgentError(`"${heading}" must not be empty.`);
  if (hasUnclosedCodeFence(text)) {
    throw new UnwritableAgentError(
      `"${heading}" opens a code fence (\`\`\` or ~~~) that is never closed; close it.`,
    );
  }
  return text === '' ? null : text;
}

function optionalWord(heading: string, value: string | null): string | null {
  const word = value === null ? null : singleLine(heading, value, { required: false });
  // "none" and "null" read back as unset, so writing one would silently change the agent.
  if (word !== null && isUnsetWord(word)) throw new UnwritableAgentError(`"${heading}" cannot be "${word}".`);
  return word;
}

function boundedNumber(
  heading: string,
  value: number | null,
  range: { min: number; max: number },
): string | null {
  if (value === null) return null;
  if (!Number.isFinite(value) || value < range.min || value > range.max) {
    throw new UnwritableAgentError(`"${heading}" must be from ${range.min} to ${range.max}, not ${value}.`);
  }
  return String(value);
}

/**
 * Renders an agent as a complete agent file: each set section as `# Heading`, a blank line, the
 * value and a blank line, in a fixed order; presence flags as a bare heading. Level-1 headings in
 * the free-text sections are demoted to `##` so they stay inside their section. Throws
 * `UnwritableAgentError` for values that would not read back unchanged (a multi-line name, a
 * typing speed out of range, an unknown time zone, …).
 */
export function writeAgentMarkdown(agent: AgentFileContent): string {
  const timezone = optionalWord(AGENT_SECTIONS.timezone, agent.timezone);
  if (timezone !== null && !isValidTimeZone(timezone)) {
    throw new UnwritableAgentError(`"${timezone}" is not an IANA time zone.`);
  }
  if (agent.telegramId !== null && !Number.isSafeInteger(agent.telegramId)) {
    throw new UnwritableAgentError(`"${AGENT_SECTIONS.telegramId}" must be a whole number.`);
  }
  const sections: [heading: string, value: string | null | boolean][] = [
    [AGENT_SECTIONS.name, singleLine(AGENT_SECTIONS.name, agent.name, { required: true })],
    [AGENT_SECTIONS.phone, singleLine(AGENT_SECTIONS.phone, agent.phone, { required: true })],
    [AGENT_SECTIONS.telegramId, agent.telegramId === null ? null : String(agent.telegramId)],
    [AGENT_SECTIONS.timezone, timezone],
    [AGENT_SECTIONS.llm, optionalWord(AGENT_SECTIONS.llm, agent.llm)],
    [AGENT_SECTIONS.memoryLlm, optionalWord(AGENT_SECTIONS.memoryLlm, agent.memoryLlm)],
    [AGENT_SECTIONS.stickerSets, lines(AGENT_SECTIONS.stickerSets, agent.stickerSets)],
    [AGENT_SECTIONS.rolePrompts, lines(AGENT_SECTIONS.rolePrompts, agent.rolePrompts)],
    [
      AGENT_SECTIONS.startTypingDelay,
      boundedNumber(AGENT_SECTIONS.startTypingDelay, agent.startTypingDelay, START_TYPING_DELAY_RANGE),
    ],
    [
      AGENT_SECTIONS.typingSpeed,
      boundedNumber(AGENT_SECTIONS.typingSpeed, agent.typingSpeed, TYPING_SPEED_RANGE),
    ],
    [
      AGENT_SECTIONS.dailySchedule,
      freeText(AGENT_SECTIONS.dailySchedule, agent.dailySchedule, { required: false }),
    ],
    [
      AGENT_SECTIONS.instructions,
      freeText(AGENT_SECTIONS.instructions, agent.instructions, { required: true }),
    ],
    [AGENT_SECTIONS.resetContextOnFirstMessage, agent.resetContextOnFirstMessage],
    [AGENT_SECTIONS.clearSummariesOnFirstMessage, agent.clearSummariesOnFirstMessage],
    [AGENT_SECTIONS.gagged, agent.gagged],
    [AGENT_SECTIONS.disabled, agent.disabled],
  ];
  return sections
    .flatMap(([heading, value]) => {
      if (value === null || value === false) return [];
      return value === true ? [`# ${heading}\n`] : [`# ${heading}\n\n${value}\n`];
    })
    .join('\n');
}
