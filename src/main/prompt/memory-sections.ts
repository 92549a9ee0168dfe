import type { MemoryEntry } from '../../shared/domain/memory';
import { type PromptSection, promptSection } from './section';

/**
 * An entry as the model sees it, with its keys always in the same order whatever order the
 * store built the object in, so the JSON (and the prompt cache) stays byte-identical.
 */
function entryJson(entry: MemoryEntry, withOrigin: boolean): Record<string, unknown> {
  const json: Record<string, unknown> = { id: entry.id, created: entry.created, content: entry.content };
  if (withOrigin && entry.creationChannelId !== null) json.created_in_channel_id = entry.creationChannelId;
  if (withOrigin && entry.creationChannelName !== null) json.created_in_channel = entry.creationChannelName;
  return json;
}

/**
 * A `# Heading`, one line on what the entries are, and the entries as a JSON block, in the order
 * given (the store's list order: an updated entry keeps its place). Entries with no content are
 * deleted ones and left out.
 */
function entriesSection(
  id: string,
  title: string,
  lead: string,
  entries: readonly MemoryEntry[],
  withOrigin: boolean,
): PromptSection | null {
  const shown = entries.filter((entry) => entry.content.trim() !== '');
  if (shown.length === 0) return null;
  const json = JSON.stringify(
    shown.map((entry) => entryJson(entry, withOrigin)),
    null,
    2,
  );
  return promptSection(id, title, `# ${title}\n\n${lead}\n\n\`\`\`json\n${json}\n\`\`\``, true);
}

const REWRITE_HINT = "A task with an entry's `id` rewrites it, or deletes it when its content is empty.";

export function globalMemoriesSection(memories: readonly MemoryEntry[]): PromptSection | null {
  return entriesSection(
    'memories',
    'Global Memories',
    `What you stored with \`remember\`. You see these in every conversation. ${REWRITE_HINT}`,
    memories,
    true,
  );
}

export function intentionsSection(intentions: readonly MemoryEntry[]): PromptSection | null {
  return entriesSection(
    'intentions',
    'Intentions',
    `What you mean to do, stored with \`intend\`. You see these in every conversation. ${REWRITE_HINT}`,
    intentions,
    false,
  );
}

export function conversationNotesSection(notes: readonly MemoryEntry[]): PromptSection | null {
  return entriesSection(
    'notes',
    'Notes On This Conversation',
    `What you noted about this conversation with \`note\`. ${REWRITE_HINT}`,
    notes,
    false,
  );
}

export function conversationPlanSection(plans: readonly MemoryEntry[]): PromptSection | null {
  return entriesSection(
    'plan',
    'Plan For This Conversation',
    `Where you are heading in this conversation, stored with \`plan\`. ${REWRITE_HINT}`,
    plans,
    false,
  );
}
