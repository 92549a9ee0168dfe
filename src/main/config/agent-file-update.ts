import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { type AgentFileChanges, patchAgentMarkdown } from './agent-markdown-patch';
import { textVersion, writeTextFileAtomically } from './text-file-write';

/** The file changed on disk since the version the change was made against; nothing was written. */
export class AgentFileConflictError extends Error {
  override readonly name = 'AgentFileConflictError';
}

/** A short fingerprint of a file's text: a change is refused when the file no longer has it. */
export function agentFileVersion(text: string): string {
  return textVersion(text);
}

/**
 * Applies `changes` to an agent file (see patchAgentMarkdown): read fresh, checked against
 * `expectedVersion` when given (an edit made in a text editor meanwhile is never overwritten),
 * and written atomically (writeTextFileAtomically). Returns the new version, or the old one when
 * nothing changed, and the text it replaced.
 */
export async function updateAgentFile(
  file: string,
  changes: AgentFileChanges,
  expectedVersion?: string,
): Promise<{ version: string; written: boolean; previousText: string }> {
  const original = await readFile(file, 'utf8');
  const version = agentFileVersion(original);
  if (expectedVersion !== undefined && expectedVersion !== version) {
    throw new AgentFileConflictError(
      `${basename(file)} changed on disk since you opened it; reload to see the change, then make yours again.`,
    );
  }
  const context = { configName: basename(file, '.md'), configDir: dirname(file), file };
  const updated = patchAgentMarkdown(original, changes, context);
  if (updated === original) return { version, written: false, previousText: original };
  await writeTextFileAtomically(file, updated);
  return { version: agentFileVersion(updated), written: true, previousText: original };
}

/**
 * Puts `previousText` back over a change that left `file` at `writtenVersion` (a later step of
 * the same operation failed). Returns false, writing nothing, when the file changed again since.
 */
export async function restoreAgentFile(
  file: string,
  previousText: string,
  writtenVersion: string,
): Promise<boolean> {
  if (agentFileVersion(await readFile(file, 'utf8')) !== writtenVersion) return false;
  await writeTextFileAtomically(file, previousText);
  return true;
}
