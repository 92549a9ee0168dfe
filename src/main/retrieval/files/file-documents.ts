import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentConfig } from '../../../shared/domain/config';
import { checkDocumentName } from '../../../shared/domain/document-name';
import type { MediaRef } from '../../messaging/port';
import { type RetrievedText, truncateText } from '../extract/fetched-document';

/**
 * `file:NAME`: documents the operator put in the configuration, for the agent to read on demand
 * instead of carrying them in every prompt. The agent's own `agents/<Name>/docs/` is searched
 * first, then each config directory's shared `docs/` in config-path order; the first match wins
 * and `.md` may be left off. Two names are generated instead of read: `schedule.json` and
 * `media.json` (the agent's media library, with what each item shows).
 */

export const FILE_SCHEME = 'file:';

export interface FileDocumentSources {
  agent: AgentConfig;
  /** The config path, in order. */
  configDirs: readonly string[];
  /** The agent's media library (on Telegram its Saved Messages), described. */
  mediaLibrary: () => Promise<readonly MediaRef[]>;
  /** The agent's daily schedule as JSON, or a sentence saying why there is none. */
  schedule: () => string;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

async function firstReadable(files: readonly string[]): Promise<string | null> {
  for (const file of files) {
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return null;
}

/** The agent's own documents: `agents/<Name>/docs/` beside its file. */
export function agentDocsFolder(agent: AgentConfig): string {
  return join(agent.configDir, 'agents', agent.configName, 'docs');
}

/** A config directory's documents, shared by its agents: `docs/`. */
export function sharedDocsFolder(configDir: string): string {
  return join(configDir, 'docs');
}

function candidates(name: string, sources: FileDocumentSources): string[] {
  const fileNames = /\.md$/i.test(name) ? [name] : [name, `${name}.md`];
  const folders = [agentDocsFolder(sources.agent), ...sources.configDirs.map(sharedDocsFolder)];
  return folders.flatMap((folder) => fileNames.map((fileName) => join(folder, fileName)));
}

function document(url: string, text: string, read: boolean): RetrievedText {
  return { url, text, read, status: null, bytes: Buffer.byteLength(text) };
}

async function mediaJson(sources: FileDocumentSources): Promise<string> {
  const library = await sources.mediaLibrary();
  const items = library.map((item) => ({
    media_id: item.uniqueId,
    media_type: item.kind,
    ...(item.description ? { description: item.description } : {}),
  }));
  return JSON.stringify(items, null, 2);
}

/** Reads `file:NAME` for the agent; a name not found, or not allowed, reads as a note saying so. */
export async function fileDocument(url: string, sources: FileDocumentSources): Promise<RetrievedText> {
  const name = url.slice(FILE_SCHEME.length).trim();
  // A name the console could have made: no folders, nothing hidden, no way out of the docs folder.
  if (!checkDocumentName(name).ok) {
    return document(url, `Not retrieved: "${name}" is not a file name (no folders: file:NAME).`, false);
  }
  if (name === 'schedule.json') return document(url, sources.schedule(), true);
  if (name === 'media.json') return document(url, await mediaJson(sources), true);
  const text = await firstReadable(candidates(name, sources));
  if (text === null) return document(url, `No file \`${name}\` was found.`, false);
  return document(url, truncateText(text), true);
}
