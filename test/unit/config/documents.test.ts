import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createDocument,
  DocumentConflictError,
  InvalidDocumentNameError,
  readDocument,
  renameDocument,
  saveDocument,
} from '../../../src/main/config';
import {
  checkDocumentName,
  documentNameClash,
  isSystemPromptName,
} from '../../../src/shared/domain/document-name';
import { tempTreesCleanedAfterEach } from './temp-tree';

const trees = tempTreesCleanedAfterEach();

describe('document names', () => {
  it('takes a plain name, with or without .md, trimmed', () => {
    expect(checkDocumentName('  Night Owl ')).toEqual({ ok: true, name: 'Night Owl' });
    expect(checkDocumentName('Night Owl.md')).toEqual({ ok: true, name: 'Night Owl' });
    expect(checkDocumentName('notes.MD')).toEqual({ ok: true, name: 'notes' });
    expect(checkDocumentName('v1.2 draft')).toEqual({ ok: true, name: 'v1.2 draft' });
  });

  it('refuses what is not a plain file name, saying what to fix', () => {
    const message = (input: string) => {
      const checked = checkDocumentName(input);
      return checked.ok ? null : checked.message;
    };
    expect(message('')).toBe('Enter a name.');
    expect(message('.md')).toBe('Enter a name.');
    expect(message('../prompts/x')).toMatch(/plain file name/);
    expect(message('a\\b')).toMatch(/plain file name/);
    expect(message('.hidden')).toMatch(/cannot start with "\."/);
    expect(message('tab\there')).toMatch(/control character/);
    expect(message('x'.repeat(121))).toBe('Use at most 120 characters.');
    expect(message('x'.repeat(120))).toBeNull();
    expect(message('con:fusion')).toBe('Leave out ":" (Windows file names cannot have it).');
    expect(message('Stock*? <new>')).toBe('Leave out "*" "?" "<" ">" (Windows file names cannot have them).');
    expect(message('CON')).toBe('"CON" is a device name on Windows; choose another name.');
    expect(message('nul.backup')).toMatch(/"nul" is a device name/);
    expect(message('console notes')).toBeNull();
  });

  it('counts a name taken whatever its case, but not the document being renamed', () => {
    expect(documentNameClash('notes', ['Notes', 'Shop'])).toBe('Notes');
    expect(documentNameClash('Regulars', ['Notes', 'Shop'])).toBeNull();
    expect(documentNameClash('NOTES', ['Notes'], 'Notes')).toBeNull();
  });

  it('knows the shipped prompts the runtime looks up by name', () => {
    expect(['Instructions', 'Instructions-Summarize', 'Task-Memory'].every(isSystemPromptName)).toBe(true);
    expect(isSystemPromptName('Companion')).toBe(false);
  });
});

describe('saving a document against the version read', () => {
  it('writes when the file is as read, and answers the new version', async () => {
    const root = await trees.create({ 'docs/Shop.md': 'Open at ten.\n' });
    const folder = join(root, 'docs');
    const { version } = await readDocument(folder, 'Shop');
    const saved = await saveDocument(folder, 'Shop', 'Open at nine.\n', version);
    expect(await readDocument(folder, 'Shop')).toEqual({ text: 'Open at nine.\n', version: saved.version });
    // No temporary file is left beside it.
    expect(await readdir(folder)).toEqual(['Shop.md']);
  });

  it('refuses, writing nothing, when the file changed since it was read', async () => {
    const root = await trees.create({ 'docs/Shop.md': 'Open at ten.\n' });
    const folder = join(root, 'docs');
    const { version } = await readDocument(folder, 'Shop');
    await writeFile(join(folder, 'Shop.md'), 'Closed on Mondays.\n');
    await expect(saveDocument(folder, 'Shop', 'Mine.\n', version)).rejects.toBeInstanceOf(
      DocumentConflictError,
    );
    expect(await readFile(join(folder, 'Shop.md'), 'utf8')).toBe('Closed on Mondays.\n');
  });

  it('refuses a new name its folder has, on the field it came from', async () => {
    const root = await trees.create({ 'docs/Shop.md': '', 'docs/Regulars.md': '' });
    const folder = join(root, 'docs');
    await expect(createDocument(folder, 'shop.md', '')).rejects.toMatchObject({ field: 'name' });
    const renaming = renameDocument(folder, 'Regulars', 'SHOP');
    await expect(renaming).rejects.toBeInstanceOf(InvalidDocumentNameError);
    await expect(renaming).rejects.toMatchObject({ field: 'newName' });
    // A change of case alone is a rename of the same document.
    expect(await renameDocument(folder, 'Shop', 'shop')).toBe('shop');
  });
});
