import { formatLongLocalTime } from '../conversation/local-time';
import { type PromptSection, promptSection } from './section';

/** `# Current Time` in the agent's zone. Changes every turn, so it belongs to the turn context after the history. */
export function currentTimeSection(now: Date, timeZone: string): PromptSection | null {
  return promptSection(
    'current-time',
    'Current time',
    `# Current Time\n\nIt is now ${formatLongLocalTime(now, timeZone)}.`,
    false,
  );
}
