import type { AgentConfig } from '../../../shared/domain/config';
import { checkDocumentName, documentNameClash } from '../../../shared/domain/document-name';
import { listDocuments } from '../../config';
import { agentDocsFolder, sharedDocsFolder } from './file-documents';

/**
 * The names an agent can read as `file:NAME`, for its prompt: without them it would have to guess
 * what its operator gave it. Its own documents first, then each config directory's shared ones in
 * config-path order; a name an earlier folder has (in any case) is the one `file:` reads, so it is
 * listed once. Folders are listed again at most every few seconds: every turn of every
 * conversation asks, and documents change when the operator writes one.
 */

const FOLDER_LISTING_TTL_MS = 10_000;

const listings = new Map<string, { names: Promise<string[]>; expires: number }>();

/** The documents of a folder that `file:` can read by name (a missing folder has none). */
async function documentsIn(folder: string): Promise<string[]> {
  return (await listDocuments(folder)).filter((name) => checkDocumentName(name).ok);
}

function listed(folder: string, now: number): Promise<string[]> {
  const kept = listings.get(folder);
  if (kept && kept.expires > now) return kept.names;
  const names = documentsIn(folder);
  listings.set(folder, { names, expires: now + FOLDER_LISTING_TTL_MS });
  return names;
}

/** The agent's readable document names (without `.md`), its own first, each name once. */
export async function readableDocumentNames(
  agent: AgentConfig,
  configDirs: readonly string[],
  now = Date.now(),
): Promise<string[]> {
  const folders = [agentDocsFolder(agent), ...configDirs.map(sharedDocsFolder)];
  const perFolder = await Promise.all(folders.map((folder) => listed(folder, now)));
  const names: string[] = [];
  for (const name of perFolder.flat()) if (documentNameClash(name, names) === null) names.push(name);
  return names;
}
