import type { MediaRef } from '../messaging/port';
import { type PromptSection, promptSection } from './section';

function mediaLine(item: MediaRef): string {
  const description = item.description?.replace(/\s*\r?\n\s*/g, ' ').trim() || 'no description';
  return `- ${item.uniqueId} (${item.kind}) - ${description}`;
}

/**
 * Sorted by unique id, compared by code unit rather than locale, so the section is byte-identical
 * from turn to turn (it sits in the cached prefix) whatever order the network lists the library in.
 */
function byUniqueId(a: MediaRef, b: MediaRef): number {
  if (a.uniqueId === b.uniqueId) return 0;
  return a.uniqueId < b.uniqueId ? -1 : 1;
}

/**
 * The photos, videos and files the agent may send, one line each (`unique id (kind) - what it
 * shows`). Left out when the library is empty or the agent's prompts do not enable `send_media`:
 * a list the model cannot act on only costs tokens. Descriptions come with the MediaRef (the port
 * reads the curated media records), "no description" when nobody described the item.
 */
export function mediaSection(
  media: readonly MediaRef[],
  allowedKinds: readonly string[],
): PromptSection | null {
  if (media.length === 0 || !allowedKinds.includes('send_media')) return null;
  const text = [
    '# Media You May Send',
    '',
    'These photos, videos and files are yours to share. To send one, write a `send_media` task with',
    'its unique id copied exactly from this list:',
    '',
    ...[...media].sort(byUniqueId).map(mediaLine),
    '',
    'Nothing outside this list can be sent, and a unique id written in a `send` is just text.',
  ].join('\n');
  return promptSection('media', 'Media you may send', text, true);
}
