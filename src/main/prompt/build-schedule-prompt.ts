import type { AgentConfig } from '../../shared/domain/config';
import type { ScheduleActivity } from '../../shared/domain/schedule';
import { substituteTemplates } from '../config/templates';
import { formatLongLocalTime } from '../conversation/local-time';
import { localIso } from '../schedule';
import { assemblePrompt, type BuiltPrompt, presentSections } from './built-prompt';
import { currentTimeSection } from './current-time-section';
import { isCapabilityPrompt, operatorSections } from './operator-sections';
import { type PromptSection, promptSection } from './section';

/** A planning call may only think and write schedule activities, whatever its prompt enables. */
export const SCHEDULE_TASK_KINDS = ['think', 'schedule'] as const;

export interface SchedulePromptInput {
  agent: AgentConfig;
  agentId: number | null;
  /** The text of the Instructions-Schedule prompt. */
  instructions: string;
  /** The agent's role prompts; capability prompts (Task-*) are left out, the persona stays. */
  rolePrompts: readonly { name: string; text: string }[];
  /** The stretch to plan. */
  window: { start: Date; end: Date };
  /** The latest activities, oldest first: what the agent has been doing, for continuity. */
  recent: readonly ScheduleActivity[];
  now: Date;
  timeZone: string;
}

function recentSection(recent: readonly ScheduleActivity[], timeZone: string): PromptSection | null {
  if (recent.length === 0) return null;
  const lines = recent.map(
    (activity) =>
      `- ${localIso(activity.start, timeZone)} to ${localIso(activity.end, timeZone)}: ${activity.name} (responsiveness ${activity.responsiveness})${activity.description.trim() ? ` — ${activity.description.trim()}` : ''}`,
  );
  return promptSection(
    'recent-activities',
    'Recent activities',
    `# What You Have Been Doing\n\n${lines.join('\n')}`,
    false,
  );
}

/**
 * The prompt of a schedule planning call: how to plan (Instructions-Schedule), who the agent is
 * (its instructions and persona), its typical week (the Daily Schedule text) and what it has
 * been doing lately; the turn context names the stretch to fill, with times in the agent's zone.
 * No conversation: nobody is talking to the agent while it plans.
 */
export function buildSchedulePrompt(input: SchedulePromptInput): BuiltPrompt {
  const { agent } = input;
  // No partner: {user} reads as "the people you talk to" in persona prompts.
  const substitute = (text: string) =>
    substituteTemplates(text, {
      agentName: agent.name,
      agentId: input.agentId ?? agent.configName,
      userName: 'the people you talk to',
      userId: 0,
    });
  const sections = presentSections([
    ...operatorSections(
      {
        instructionsName: 'Instructions-Schedule',
        instructions: input.instructions,
        agent,
        rolePrompts: input.rolePrompts.filter((role) => !isCapabilityPrompt(role.name)),
      },
      substitute,
    ),
    promptSection(
      'typical-week',
      'Typical week',
      `# Your Typical Week\n\n${substitute(agent.dailySchedule ?? '')}`,
      true,
    ),
    recentSection(input.recent, input.timeZone),
  ]);
  const { start, end } = input.window;
  const task = promptSection(
    'schedule-window',
    'What to plan',
    `# What To Plan\n\nPlan your time from ${formatLongLocalTime(start, input.timeZone)} (\`${localIso(start.toISOString(), input.timeZone)}\`) to ${formatLongLocalTime(end, input.timeZone)} (\`${localIso(end.toISOString(), input.timeZone)}\`), your time zone being ${input.timeZone}. Write one \`schedule\` task per activity, the first starting at the beginning of this stretch and the last ending at its end.`,
    false,
  );
  const turnSections = presentSections([currentTimeSection(input.now, input.timeZone), task]);
  return assemblePrompt(sections, turnSections, [...SCHEDULE_TASK_KINDS]);
}
