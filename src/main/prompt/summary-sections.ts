import type { MemorySummary } from '../../shared/domain/memory';
import { type PromptSection, promptSection } from './section';

function range(summary: MemorySummary): string {
  const ids = `Messages ${summary.minMessageId}–${summary.maxMessageId}`;
  const { firstMessageDate: first, lastMessageDate: last } = summary;
  if (first === null || last === null) return ids;
  return first === last ? `${ids}, ${first}` : `${ids}, ${first} to ${last}`;
}

/**
 * `# Summary of earlier conversation`: what the messages before the history were about, oldest
 * first, each under the range it covers. The ids are shown when the agent may revise summaries.
 */
export function earlierConversationSection(
  summaries: readonly MemorySummary[],
  options: { withIds: boolean },
): PromptSection | null {
  if (summaries.length === 0) return null;
  const entries = summaries.map((summary) => {
    const heading = options.withIds ? `${range(summary)} (id "${summary.id}")` : range(summary);
    return `## ${heading}\n\n${summary.content.trim()}`;
  });
  const lead =
    'The messages before the history you see are summarized here, oldest first. They happened; you took part in them.';
  return promptSection(
    'summaries',
    'Summary of earlier conversation',
    `# Summary of earlier conversation\n\n${lead}\n\n${entries.join('\n\n')}`,
    true,
  );
}

/** `# Current Summaries` for a summarization call: the existing ones as JSON, revisable by id. */
export function currentSummariesSection(summaries: readonly MemorySummary[]): PromptSection | null {
  if (summaries.length === 0) return null;
  const json = JSON.stringify(
    summaries.map((summary) => ({
      id: summary.id,
      min_message_id: summary.minMessageId,
      max_message_id: summary.maxMessageId,
      first_message_date: summary.firstMessageDate,
      last_message_date: summary.lastMessageDate,
      content: summary.content,
    })),
    null,
    2,
  );
  return promptSection(
    'current-summaries',
    'Current Summaries',
    `# Current Summaries\n\nThe summaries this conversation has so far. Revise one by its \`id\` only to correct it; new messages get new summaries.\n\n\`\`\`json\n${json}\n\`\`\``,
    true,
  );
}
