import { cp, link, lstat, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Where an agent lives in a config directory: its file and its own folder (its docs, …). */
export interface AgentPlace {
  configDir: string;
  configName: string;
}

export function agentFilePath({ configDir, configName }: AgentPlace): string {
  return join(configDir, 'agents', `${configName}.md`);
}

export function agentFolderPath({ configDir, configName }: AgentPlace): string {
  return join(configDir, 'agents', configName);
}

/** Something already has the path an agent's file or folder would take; nothing was changed. */
export class AgentPathTakenError extends Error {
  override readonly name = 'AgentPathTakenError';

  constructor(readonly path: string) {
    super(`${path} already exists; choose another name, or move that file away first.`);
  }
}

/** Undoes a change to an agent's files that a later step could not complete. */
export type UndoFileChange = () => Promise<void>;

async function entryAt(path: string) {
  try {
    return await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The same file or folder under another spelling (a case change on a case-insensitive file system). */
async function sameEntry(a: string, b: string): Promise<boolean> {
  const [first, second] = await Promise.all([entryAt(a), entryAt(b)]);
  return first !== null && second !== null && first.dev === second.dev && first.ino === second.ino;
}

/** A name in the same folder that the config loader and watcher both ignore. */
function asideName(path: string): string {
  return `${path}.${Date.now().toString(36)}.tmp.${process.pid}`;
}

/**
 * Moves a file or folder to `to`, never over something there. Across file systems (another config
 * directory on another disk) it is copied, then the original removed.
 */
async function moveEntry(from: string, to: string): Promise<void> {
  if (await sameEntry(from, to)) {
    // Only the case changes: the file system sees one name, so go through a third.
    const aside = asideName(from);
    await rename(from, aside);
    await rename(aside, to);
    return;
  }
  if ((await entryAt(to)) !== null) throw new AgentPathTakenError(to);
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true, errorOnExist: true, force: false });
    await rm(from, { recursive: true, force: true });
  }
}

/**
 * Writes a new agent file whole or not at all, and never over an existing one: the text goes to
 * a temporary name first, then is linked to its own (which fails if the name is taken). Creates
 * the directory's `agents/` folder when it has none.
 */
export async function writeNewAgentFile(place: AgentPlace, text: string): Promise<string> {
  const file = agentFilePath(place);
  await mkdir(dirname(file), { recursive: true });
  const temporary = asideName(file);
  try {
    await writeFile(temporary, text, { flag: 'wx' });
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new AgentPathTakenError(file);
    throw error;
  } finally {
    await rm(temporary, { force: true });
  }
  return file;
}

/**
 * Moves an agent's file and its folder (when it has one) to another name or config directory,
 * refusing before anything moves when either target is taken. If the folder cannot move, the
 * file is put back. Returns how to put both back, for a later step that fails.
 */
export async function relocateAgentFiles(from: AgentPlace, to: AgentPlace): Promise<UndoFileChange> {
  const moves = [
    { from: agentFilePath(from), to: agentFilePath(to) },
    { from: agentFolderPath(from), to: agentFolderPath(to) },
  ];
  const present = [];
  for (const move of moves) {
    if ((await entryAt(move.from)) === null) continue;
    if (!(await sameEntry(move.from, move.to)) && (await entryAt(move.to)) !== null) {
      throw new AgentPathTakenError(move.to);
    }
    present.push(move);
  }
  await mkdir(dirname(agentFilePath(to)), { recursive: true });
  return applyInOrder(
    present.map((move) => ({
      run: () => moveEntry(move.from, move.to),
      undo: () => moveEntry(move.to, move.from),
    })),
  );
}

/**
 * Sets an agent's file and folder aside under names nothing loads, so that removing them can
 * still be undone. `remove` then deletes them for good; `undo` puts them back.
 */
export async function setAgentFilesAside(
  place: AgentPlace,
): Promise<{ remove: () => Promise<void>; undo: UndoFileChange }> {
  const paths = [agentFilePath(place), agentFolderPath(place)];
  const present: { path: string; aside: string }[] = [];
  for (const path of paths)
    if ((await entryAt(path)) !== null) present.push({ path, aside: asideName(path) });
  const undo = await applyInOrder(
    present.map(({ path, aside }) => ({ run: () => rename(path, aside), undo: () => rename(aside, path) })),
  );
  return {
    remove: async () => {
      for (const { aside } of present) await rm(aside, { recursive: true, force: true });
    },
    undo,
  };
}

/** Runs the steps in order; when one fails, the earlier ones are undone, last first, and the error goes on. */
async function applyInOrder(
  steps: readonly { run: () => Promise<void>; undo: () => Promise<void> }[],
): Promise<UndoFileChange> {
  const done: (() => Promise<void>)[] = [];
  const undoAll = async () => {
    for (const undo of done.reverse()) await undo();
  };
  for (const step of steps) {
    try {
      await step.run();
    } catch (error) {
      await undoAll();
      throw error;
    }
    done.push(step.undo);
  }
  return undoAll;
}
