import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { AGENT_SECTIONS, parseAgentMarkdown } from '../../config';
import { splitLevelOneSections, splitLines } from '../../config/markdown-sections';

/** The agent file cannot take the id without changing something else in it; nothing was written. */
export class TelegramIdWriteError extends Error {
  override readonly name = 'TelegramIdWriteError';
}

/**
 * Records the agent's Telegram id in its file under `# Telegram ID`, after login. Only that
 * section's value changes (added after `# Agent Phone` when absent); every other line keeps its
 * bytes. The file is read fresh, and the result must parse as the same agent with the new id
 * before it replaces the file, so an edit made meanwhile is neither lost nor broken.
 */
export async function writeTelegramIdToAgentFile(
  file: string,
  telegramId: number,
): Promise<'written' | 'unchanged'> {
  const original = await readFile(file, 'utf8');
  const context = { configName: basename(file, '.md'), configDir: dirname(file), file };
  const before = parseAgentMarkdown(original, context).agent;
  if (!before) {
    throw new TelegramIdWriteError(
      `${file} does not read as an agent right now; fix it, then add "# ${AGENT_SECTIONS.telegramId}" with ${telegramId}.`,
    );
  }
  if (before.telegramId === telegramId) return 'unchanged';

  const updated = withTelegramId(original, telegramId);
  const after = parseAgentMarkdown(updated, context).agent;
  if (!after || JSON.stringify({ ...after, telegramId: before.telegramId }) !== JSON.stringify(before)) {
    throw new TelegramIdWriteError(
      `Writing the Telegram id would change more of ${file}; add "# ${AGENT_SECTIONS.telegramId}" with ${telegramId} yourself.`,
    );
  }
  // Written beside the file and renamed over it, so a crash never leaves half a file. The
  // `.tmp.<pid>` name is one the config watcher ignores.
  const temporary = `${file}.tmp.${process.pid}`;
  await writeFile(temporary, updated);
  await rename(temporary, file);
  return 'written';
}

/** The text with the Telegram ID section set to `telegramId`, touching no other line. */
function withTelegramId(text: string, telegramId: number): string {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const eol = /\r\n|\r|\n/.exec(text)?.[0] ?? '\n';
  const lines = splitLines(text);
  const headings = splitLevelOneSections(text).sections.map((section) => ({
    heading: section.heading,
    index: section.line - 1,
  }));
  const sectionEnd = (position: number) => headings[position + 1]?.index ?? lines.length;
  const value = String(telegramId);

  // The parser uses the last section of a name, so that is the one to change.
  const existing = headings.findLastIndex((entry) => entry.heading === AGENT_SECTIONS.telegramId);
  if (existing >= 0) {
    const start = headings[existing]!.index + 1;
    const end = sectionEnd(existing);
    const filled = [...lines.keys()].filter((index) => index >= start && index < end && lines[index]!.trim());
    if (filled.length > 0) {
      lines.splice(filled[0]!, filled.at(-1)! - filled[0]! + 1, value);
    } else {
      lines.splice(start, end - start, '', value, '');
    }
    return bom + lines.join(eol);
  }

  const section = [`# ${AGENT_SECTIONS.telegramId}`, '', value, ''];
  const phone = headings.findLastIndex((entry) => entry.heading === AGENT_SECTIONS.phone);
  const insertAt = phone >= 0 ? sectionEnd(phone) : lines.length;
  if (insertAt < lines.length) {
    const separated = lines[insertAt - 1]?.trim() === '';
    lines.splice(insertAt, 0, ...(separated ? section : ['', ...section]));
    return bom + lines.join(eol);
  }
  while (lines.at(-1)?.trim() === '') lines.pop();
  return bom + [...lines, '', ...section].join(eol);
}
