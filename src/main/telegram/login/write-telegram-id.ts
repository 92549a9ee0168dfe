import { AGENT_SECTIONS, UnwritableAgentError, updateAgentFile } from '../../config';

/** The agent file cannot take the id without changing something else in it; nothing was written. */
export class TelegramIdWriteError extends Error {
  override readonly name = 'TelegramIdWriteError';
}

/**
 * Records the agent's Telegram id in its file under `# Telegram ID`, after login. Only that
 * section's value changes (added after `# Agent Phone` when absent); every other line keeps its
 * bytes, and the file is read fresh, so an edit made meanwhile is neither lost nor broken.
 */
export async function writeTelegramIdToAgentFile(
  file: string,
  telegramId: number,
): Promise<'written' | 'unchanged'> {
  try {
    const { written } = await updateAgentFile(file, { telegramId });
    return written ? 'written' : 'unchanged';
  } catch (error) {
    if (!(error instanceof UnwritableAgentError)) throw error;
    throw new TelegramIdWriteError(
      `${error.message} Add "# ${AGENT_SECTIONS.telegramId}" with ${telegramId} yourself.`,
    );
  }
}
