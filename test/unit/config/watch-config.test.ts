import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isEditorTempFile, watchConfig } from '../../../src/main/config/watch-config';
import { tempTreesCleanedAfterEach } from './temp-tree';

const trees = tempTreesCleanedAfterEach();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function startWatching(dirs: string[]) {
  const onChange = vi.fn<(paths: string[]) => void>();
  await new Promise<void>((ready) => {
    closers.push(watchConfig(dirs, onChange, { debounceMs: 100, onReady: ready }));
  });
  return onChange;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 600));

describe('watchConfig', () => {
  it('reports a burst of changes once, after they settle', { timeout: 15_000 }, async () => {
    const root = await trees.create({ 'agents/Amy.md': 'old', 'prompts/Companion.md': 'old' });
    const onChange = await startWatching([root]);
    await writeFile(join(root, 'agents', 'Amy.md'), 'new');
    await writeFile(join(root, 'prompts', 'Companion.md'), 'new');
    await writeFile(join(root, 'agents', 'Bo.md'), 'added');
    await vi.waitFor(() => expect(onChange).toHaveBeenCalled(), { timeout: 5_000 });
    await settle();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]?.[0]).toEqual(
      expect.arrayContaining([
        join(root, 'agents', 'Amy.md'),
        join(root, 'agents', 'Bo.md'),
        join(root, 'prompts', 'Companion.md'),
      ]),
    );
  });

  it('sees new folders and files in them', { timeout: 15_000 }, async () => {
    const root = await trees.create({ 'agents/Amy.md': 'x' });
    const onChange = await startWatching([root]);
    await mkdir(join(root, 'media'));
    await writeFile(join(root, 'media', 'abc.json'), '{}');
    await vi.waitFor(() => expect(onChange.mock.calls.flat(2)).toContain(join(root, 'media', 'abc.json')), {
      timeout: 5_000,
    });
  });

  it('ignores editor swap, backup and lock files', { timeout: 15_000 }, async () => {
    const root = await trees.create({ 'agents/Amy.md': 'x' });
    const onChange = await startWatching([root]);
    for (const name of ['.Amy.md.swp', 'Amy.md~', '.#Amy.md', '#Amy.md#', '4913']) {
      await writeFile(join(root, 'agents', name), 'temp');
    }
    await settle();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('stops reporting once closed', { timeout: 15_000 }, async () => {
    const root = await trees.create({ 'agents/Amy.md': 'x' });
    const onChange = await startWatching([root]);
    await closers.pop()?.();
    await writeFile(join(root, 'agents', 'Amy.md'), 'changed');
    await settle();
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('isEditorTempFile', () => {
  it('tells temp files from config files', () => {
    for (const name of [
      'x.md.swp',
      'x.md.swo',
      'x.md~',
      '.#x.md',
      '#x.md#',
      '4913',
      'x.md.tmp',
      '.DS_Store',
    ]) {
      expect(isEditorTempFile(`/cfg/agents/${name}`), name).toBe(true);
    }
    for (const name of ['x.md', 'Instructions.md', 'abc.json', 'abc.tgs', 'Friends.md']) {
      expect(isEditorTempFile(`/cfg/agents/${name}`), name).toBe(false);
    }
  });
});
