import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { checkDocumentName, documentFileName, documentNameClash } from '../../shared/domain/document-name';
import { listConfigFiles } from './config-files';
import { readConfigText } from './text-file-limit';
import { textVersion, writeTextFileAtomically } from './text-file-write';

/**
 * The markdown documents of one folder (`<dir>/prompts`, `<dir>/docs`, `<dir>/agents/<Name>/docs`)
 * as the console manages them: listed, read with a version, created, saved against the version
 * read, renamed, moved to another folder and deleted. Every write goes whole or not at all.
 */

/** A name the operator typed that cannot be a document's; `field` is the input it came from. */
export class InvalidDocumentNameError extends Error {
  override readonly name = 'InvalidDocumentNameError';
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

export class DocumentNotFoundError extends Error {
  override readonly name = 'DocumentNotFoundError';
}

/** The file changed since it was read, or the target already has a file of that name; nothing was written. */
export class DocumentConflictError extends Error {
  override readonly name = 'DocumentConflictError';
}

export interface DocumentText {
  text: string;
  version: string;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function validName(input: string, field: string): string {
  const checked = checkDocumentName(input);
  if (!checked.ok) throw new InvalidDocumentNameError(checked.message, field);
  return checked.name;
}

/** A name read from a listing: taken as it is (`Notes.md.md` is `Notes.md`), but never a path. */
function existingName(name: string): string {
  if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name)) {
    throw new InvalidDocumentNameError(`"${name}" is not a document of this folder.`, 'name');
  }
  return name;
}

/** As a person reads a list of names: case aside, numbers by value ("Menu 2" before "Menu 10"). */
const readingOrder = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** The documents' names in `folder` (without `.md`), in reading order; none when it does not exist. */
export async function listDocuments(folder: string): Promise<string[]> {
  const listing = await listConfigFiles(folder, '.md', 'a document');
  return listing.names
    .map((fileName) => fileName.slice(0, -'.md'.length))
    .sort((a, b) => readingOrder.compare(a, b) || (a < b ? -1 : 1));
}

export async function readDocument(folder: string, name: string): Promise<DocumentText> {
  const file = join(folder, documentFileName(existingName(name)));
  try {
    const text = await readConfigText(file);
    return { text, version: textVersion(text) };
  } catch (error) {
    if (isMissing(error)) throw new DocumentNotFoundError(`${basename(file)} is no longer in ${folder}.`);
    throw error;
  }
}

async function requireFreeName(folder: string, name: string, field: string, except: string | null) {
  const clash = documentNameClash(name, await listDocuments(folder), except);
  if (clash !== null) {
    throw new InvalidDocumentNameError(
      `There is already a ${documentFileName(clash)} in ${folder}; choose another name.`,
      field,
    );
  }
}

/** Creates `<folder>/<name>.md` (the folder too when needed); refuses a name the folder has. */
export async function createDocument(
  folder: string,
  input: string,
  text: string,
): Promise<{ name: string; version: string }> {
  const name = validName(input, 'name');
  await requireFreeName(folder, name, 'name', null);
  await mkdir(folder, { recursive: true });
  await writeTextFileAtomically(join(folder, documentFileName(name)), text);
  return { name, version: textVersion(text) };
}

/**
 * Replaces the document's text, unless the file is no longer the version the editor read (changed
 * in another editor or console meanwhile): then nothing is written and the conflict says so.
 */
export async function saveDocument(
  folder: string,
  name: string,
  text: string,
  expectedVersion: string,
): Promise<{ version: string }> {
  const current = await readDocument(folder, name);
  if (current.version !== expectedVersion) {
    throw new DocumentConflictError(
      `${documentFileName(name)} changed on disk since you opened it; reload it to see the change (your text stays in the editor until you do).`,
    );
  }
  if (current.text !== text) await writeTextFileAtomically(join(folder, documentFileName(name)), text);
  return { version: textVersion(text) };
}

/** Renames a document within its folder; a new name differing only in case is allowed. */
export async function renameDocument(folder: string, name: string, input: string): Promise<string> {
  const current = existingName(name);
  const next = validName(input, 'newName');
  await readDocument(folder, current);
  await requireFreeName(folder, next, 'newName', current);
  await rename(join(folder, documentFileName(current)), join(folder, documentFileName(next)));
  return next;
}

/** Moves a document to another folder under the same name; refused when that folder has one. */
export async function moveDocument(from: string, name: string, to: string): Promise<void> {
  const checked = existingName(name);
  await readDocument(from, checked);
  const clash = documentNameClash(checked, await listDocuments(to));
  if (clash !== null) {
    throw new DocumentConflictError(
      `${to} already has a ${documentFileName(clash)}; rename one of them first, then move.`,
    );
  }
  await mkdir(to, { recursive: true });
  const source = join(from, documentFileName(checked));
  const target = join(to, documentFileName(checked));
  try {
    await rename(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    // Another file system: copied whole first, so the document is never in neither place.
    await copyFile(source, `${target}.tmp.${process.pid}`);
    await rename(`${target}.tmp.${process.pid}`, target);
    await rm(source);
  }
}

export async function deleteDocument(folder: string, name: string): Promise<void> {
  const checked = existingName(name);
  await readDocument(folder, checked);
  await rm(join(folder, documentFileName(checked)));
}
