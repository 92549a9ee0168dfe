import type { AgentConfig, ConfigProblem } from '../../shared/domain/config';
import { modelNameProblem } from '../../shared/domain/model-names';
import { isPhoneNumber, PHONE_NUMBER_HINT } from '../../shared/domain/phone-number';
import {
  AGENT_SECTIONS,
  isUnsetWord,
  KNOWN_AGENT_SECTIONS,
  START_TYPING_DELAY_RANGE,
  TYPING_SPEED_RANGE,
} from './agent-sections';
import { closestName } from './closest-name';
import { splitLevelOneSections } from './markdown-sections';
import { configError, configWarning } from './problems';
import { isValidTimeZone } from './time-zone';

export interface AgentFileContext {
  /** The file stem, which keys the agent everywhere. */
  configName: string;
  configDir: string;
  /** Absolute path of the file, used to locate problems. */
  file: string;
}

export interface ParsedAgentFile {
  /** Null when a required section is missing or empty; `problems` then says which. */
  agent: AgentConfig | null;
  problems: ConfigProblem[];
  /** The 1-based heading line of each section present, so callers can locate later checks. */
  sectionLines: ReadonlyMap<string, number>;
}

interface SectionValue {
  /** The heading's line. */
  line: number;
  /** Where the value starts, for problems with the value itself. */
  valueLine: number;
  value: string;
}

const REQUIRED_SECTIONS = [
  { heading: AGENT_SECTIONS.name, what: 'the name the agent is shown and addressed by' },
  { heading: AGENT_SECTIONS.phone, what: 'the phone number of the Telegram account the agent logs in with' },
  { heading: AGENT_SECTIONS.instructions, what: "the agent's persona and instructions" },
] as const;

/** Values that are one entry per line; blank lines are not entries. */
function listEntries(value: string): string[] {
  return value
    .split('\n')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

const DECIMAL_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Parses the text of an agent file (`agents/<configName>.md`). Never throws: every defect becomes a
 * problem naming the file and the heading line, and only a missing required section loses the agent.
 */
export function parseAgentMarkdown(text: string, context: AgentFileContext): ParsedAgentFile {
  const { file } = context;
  const problems: ConfigProblem[] = [];
  const sections = new Map<string, SectionValue>();
  const { preamble, sections: found } = splitLevelOneSections(text);

  if (preamble !== '') {
    problems.push(
      configWarning(
        file,
        1,
        'Text before the first "# " heading is ignored; move it under a section such as "# Agent Instructions".',
      ),
    );
  }
  for (const section of found) {
    const earlier = sections.get(section.heading);
    if (earlier) {
      problems.push(
        configWarning(
          file,
          section.line,
          `"# ${section.heading}" appears again (first at line ${earlier.line}); only this last one is used, so merge them.`,
        ),
      );
    }
    sections.set(section.heading, { line: section.line, valueLine: section.bodyLine, value: section.body });
    if (!KNOWN_AGENT_SECTIONS.includes(section.heading)) {
      problems.push(configWarning(file, section.line, unknownSectionMessage(section.heading)));
    }
  }

  const sectionLines = new Map([...sections].map(([heading, { line }]) => [heading, line]));
  const missingRequired = REQUIRED_SECTIONS.filter(({ heading, what }) => {
    const section = sections.get(heading);
    if (section === undefined) {
      problems.push(configError(file, null, `Missing required section "# ${heading}"; add it with ${what}.`));
      return true;
    }
    if (section.value === '') {
      problems.push(configError(file, section.line, `"# ${heading}" is empty; write ${what} under it.`));
      return true;
    }
    return false;
  });
  if (missingRequired.length > 0) return { agent: null, problems, sectionLines };

  const sectionValue = (heading: string) => sections.get(heading)?.value;
  // A value's problem points at the value, not at its heading.
  const warn = (heading: string, message: string) =>
    problems.push(configWarning(file, sections.get(heading)?.valueLine ?? null, message));

  const phone = sectionValue(AGENT_SECTIONS.phone)!;
  if (!isPhoneNumber(phone))
    warn(AGENT_SECTIONS.phone, `"${phone}" is no phone number. ${PHONE_NUMBER_HINT}`);

  const agent: AgentConfig = {
    configName: context.configName,
    configDir: context.configDir,
    file,
    name: sectionValue(AGENT_SECTIONS.name)!,
    phone,
    instructions: sectionValue(AGENT_SECTIONS.instructions)!,
    rolePrompts: listEntries(sectionValue(AGENT_SECTIONS.rolePrompts) ?? ''),
    stickerSets: listEntries(sectionValue(AGENT_SECTIONS.stickerSets) ?? ''),
    timezone: parseTimeZone(sectionValue(AGENT_SECTIONS.timezone), (message) =>
      warn(AGENT_SECTIONS.timezone, message),
    ),
    llm: parseModelName(sectionValue(AGENT_SECTIONS.llm), (message) => warn(AGENT_SECTIONS.llm, message)),
    memoryLlm: parseModelName(sectionValue(AGENT_SECTIONS.memoryLlm), (message) =>
      warn(AGENT_SECTIONS.memoryLlm, message),
    ),
    startTypingDelay: parseBoundedNumber(
      sectionValue(AGENT_SECTIONS.startTypingDelay),
      START_TYPING_DELAY_RANGE,
      `"# ${AGENT_SECTIONS.startTypingDelay}" must be a number of seconds`,
      (message) => warn(AGENT_SECTIONS.startTypingDelay, message),
    ),
    typingSpeed: parseBoundedNumber(
      sectionValue(AGENT_SECTIONS.typingSpeed),
      TYPING_SPEED_RANGE,
      `"# ${AGENT_SECTIONS.typingSpeed}" must be a number of characters per second`,
      (message) => warn(AGENT_SECTIONS.typingSpeed, message),
    ),
    dailySchedule: sectionValue(AGENT_SECTIONS.dailySchedule) || null,
    resetContextOnFirstMessage: sections.has(AGENT_SECTIONS.resetContextOnFirstMessage),
    clearSummariesOnFirstMessage: sections.has(AGENT_SECTIONS.clearSummariesOnFirstMessage),
    disabled: sections.has(AGENT_SECTIONS.disabled),
    gagged: sections.has(AGENT_SECTIONS.gagged),
    telegramId: parseTelegramId(sectionValue(AGENT_SECTIONS.telegramId), (message) =>
      warn(AGENT_SECTIONS.telegramId, message),
    ),
  };
  return { agent, problems, sectionLines };
}

function unknownSectionMessage(heading: string): string {
  const suggestion = closestName(heading, KNOWN_AGENT_SECTIONS);
  return suggestion === null
    ? `Unknown section "# ${heading}" is ignored; remove it, or make it a "## " sub-heading inside another section.`
    : `Unknown section "# ${heading}" is ignored; did you mean "# ${suggestion}"? Section names are case-sensitive.`;
}

function parseOptionalWord(value: string | undefined): string | null {
  return value === undefined || isUnsetWord(value) ? null : value;
}

function parseTimeZone(value: string | undefined, warn: (message: string) => void): string | null {
  const zone = parseOptionalWord(value);
  if (zone === null || isValidTimeZone(zone)) return zone;
  warn(
    `"${zone}" is not an IANA time zone, so the agent uses the computer's zone; write a name like "Europe/Paris" or "America/Chicago", or "none".`,
  );
  return null;
}

/** The name as written (the runtime's error says the same at each turn); a warning when no provider takes it. */
function parseModelName(value: string | undefined, warn: (message: string) => void): string | null {
  const name = parseOptionalWord(value);
  const problem = name === null ? null : modelNameProblem(name);
  if (problem !== null) warn(`${problem} Until then every turn of the agent fails.`);
  return name;
}

function parseBoundedNumber(
  value: string | undefined,
  range: { min: number; max: number },
  requirement: string,
  warn: (message: string) => void,
): number | null {
  if (value === undefined) return null;
  // Words such as NaN or Infinity fail the pattern; digits too large to represent become Infinity.
  const number = DECIMAL_NUMBER.test(value) ? Number(value) : Number.NaN;
  if (Number.isFinite(number) && number >= range.min && number <= range.max) return number;
  const shown = value === '' ? 'an empty value' : `"${value}"`;
  warn(
    `${requirement} from ${range.min} to ${range.max}; ${shown} is ignored and the global setting applies.`,
  );
  return null;
}

function parseTelegramId(value: string | undefined, warn: (message: string) => void): number | null {
  if (value === undefined) return null;
  const id = /^[+-]?\d+$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isSafeInteger(id)) return id;
  warn(
    `"# ${AGENT_SECTIONS.telegramId}" must be a whole number; "${value}" is ignored. Delete the section to let Troupe fill it in after login.`,
  );
  return null;
}
