import type { StickerRef } from '../../shared/domain/conversation';
import { type PromptSection, promptSection } from './section';

function stickerLine(sticker: StickerRef): string {
  const description = sticker.description?.trim();
  const line = `- ${sticker.setName} :: ${sticker.name}`;
  return description ? `${line} - ${description.replace(/\s*\r?\n\s*/g, ' ')}` : line;
}

/**
 * The stickers the agent may send, one line each (`set :: name - description`), in the order
 * given: the caller keeps it stable (the agent's sets in configured order) so the section stays
 * byte-identical from turn to turn.
 */
export function stickerSection(stickers: readonly StickerRef[]): PromptSection | null {
  if (stickers.length === 0) return null;
  const text = [
    '# Stickers You Can Send',
    '',
    'Send one with a `sticker` task, giving its set and its name exactly as they appear here:',
    '',
    ...stickers.map(stickerLine),
    '',
    'A sticker you have seen in this conversation can be sent the same way, by its set and name.',
    'Stickers only go out through `sticker` tasks: a sticker name written in a `send` is just text.',
  ].join('\n');
  return promptSection('stickers', 'Stickers you can send', text, true);
}
