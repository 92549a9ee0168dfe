import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  InvalidPromptNameError,
  isValidPromptName,
  loadPrompt,
  PromptLibrary,
  PromptNotFoundError,
} from '../../../src/main/config/prompts';
import { tempTreesCleanedAfterEach } from './temp-tree';

const trees = tempTreesCleanedAfterEach();

async function twoDirs() {
  const root = await trees.create({
    'first/prompts/Shared.md': '\n  From the first directory.  \n\n',
    'second/prompts/Shared.md': 'From the second directory.',
    'second/prompts/OnlySecond.md': 'Only here.',
    'second/prompts/.Hidden.md': 'Not a prompt.',
    'second/prompts/notes.txt': 'Not a prompt either.',
  });
  return [join(root, 'first'), join(root, 'second'), join(root, 'missing')];
}

describe('PromptLibrary', () => {
  it('takes a prompt from the first directory that has it, trimmed', async () => {
    const dirs = await twoDirs();
    const library = new PromptLibrary(dirs);
    expect(await library.load('Shared')).toBe('From the first directory.');
    expect(await library.load('OnlySecond')).toBe('Only here.');
    expect(await library.find('Shared')).toEqual({
      name: 'Shared',
      dir: dirs[0],
      file: join(dirs[0]!, 'prompts', 'Shared.md'),
    });
    expect(await library.find('Nowhere')).toBeNull();
  });

  it('reads the file afresh every time', async () => {
    const dirs = await twoDirs();
    const library = new PromptLibrary(dirs);
    expect(await library.load('OnlySecond')).toBe('Only here.');
    await writeFile(join(dirs[1]!, 'prompts', 'OnlySecond.md'), 'Edited.');
    expect(await library.load('OnlySecond')).toBe('Edited.');
  });

  it('fails with a clear error naming the prompt and the directories searched', async () => {
    const dirs = await twoDirs();
    const attempt = loadPrompt(dirs, 'Nowhere');
    await expect(attempt).rejects.toBeInstanceOf(PromptNotFoundError);
    await expect(attempt).rejects.toThrow(`add prompts/Nowhere.md to one of ${dirs.join(', ')}`);
  });

  it.each(['../Secrets', 'sub/Prompt', 'sub\\Prompt', '', '..', ' Padded'])(
    'refuses the prompt name %j',
    async (name) => {
      const library = new PromptLibrary(await twoDirs());
      await expect(library.load(name)).rejects.toBeInstanceOf(InvalidPromptNameError);
      await expect(library.find(name)).rejects.toBeInstanceOf(InvalidPromptNameError);
    },
  );

  it('lists each resolvable prompt once, from the directory that wins', async () => {
    const dirs = await twoDirs();
    expect(await new PromptLibrary(dirs).list()).toEqual([
      { name: 'OnlySecond', dir: dirs[1], file: join(dirs[1]!, 'prompts', 'OnlySecond.md') },
      { name: 'Shared', dir: dirs[0], file: join(dirs[0]!, 'prompts', 'Shared.md') },
    ]);
  });
});

describe('isValidPromptName', () => {
  it('accepts plain names with spaces, dots and dashes', () => {
    expect(isValidPromptName('Task-Memory')).toBe(true);
    expect(isValidPromptName('Instructions-Describe-Image')).toBe(true);
    expect(isValidPromptName('My prompt v2.1')).toBe(true);
  });
});
