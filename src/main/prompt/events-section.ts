import { formatInterval } from '../../shared/domain/event-interval';
import { localDateTimeText } from '../clock';
import type { ScheduledEvent } from '../store';
import { type PromptSection, promptSection } from './section';

/** An `event` task of the previous turn that was refused, and why. */
export interface RefusedEventTask {
  id: string;
  reason: string;
}

/** Keys always in the same order, so the block stays byte-identical while nothing changes. */
function eventJson(event: ScheduledEvent, timeZone: string): Record<string, unknown> {
  const json: Record<string, unknown> = { id: event.id, time: localDateTimeText(event.dueAt, timeZone) };
  if (event.intervalSeconds !== null) {
    json.interval = formatInterval(event.intervalSeconds);
    json.occurrences_left = event.remaining ?? 'unlimited';
  }
  json.intent = event.intent;
  return json;
}

/**
 * `# Events`: the reminders the agent set itself in this conversation, soonest first, with times
 * in its own zone as it writes them; and the event tasks of its previous turn that were refused,
 * so it learns why and can try again.
 */
export function eventsSection(
  events: readonly ScheduledEvent[],
  timeZone: string,
  options: { refusals?: readonly RefusedEventTask[]; canEdit: boolean },
): PromptSection | null {
  const refusals = options.refusals ?? [];
  if (events.length === 0 && refusals.length === 0) return null;
  const parts = ['# Events'];
  if (events.length > 0) {
    const json = JSON.stringify(
      events.map((event) => eventJson(event, timeZone)),
      null,
      2,
    );
    const lead = `Reminders scheduled for you in this conversation, times in your time zone (${timeZone}). Each wakes you here with its intent when due.`;
    const edit = " An `event` task with an event's `id` changes it, or deletes it when its intent is empty.";
    parts.push(options.canEdit ? lead + edit : lead, `\`\`\`json\n${json}\n\`\`\``);
  }
  if (refusals.length > 0) {
    const lines = refusals.map((refusal) => `- event "${refusal.id}": ${refusal.reason}`);
    parts.push(`These event tasks of your last turn were not done:\n\n${lines.join('\n')}`);
  }
  return promptSection('events', 'Events', parts.join('\n\n'), true);
}
