import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readableDocumentNames } from '../../../src/main/retrieval';
import type { AgentConfig } from '../../../src/shared/domain/config';
import { tempDirsPerTest } from '../../support/helpers';

const tempDir = tempDirsPerTest();

function write(file: string) {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, '-\n');
}

describe('readableDocumentNames', () => {
  it('lists the agent’s own documents, then each directory’s shared ones, each name once', async () => {
    const root = tempDir();
    const first = join(root, 'first');
    const second = join(root, 'second');
    const agent = { configDir: first, configName: 'Ada' } as AgentConfig;
    write(join(first, 'agents', 'Ada', 'docs', 'Price List.md'));
    write(join(first, 'docs', 'hours.md'));
    write(join(first, 'docs', 'price list.md'));
    write(join(first, 'docs', 'notes.txt'));
    write(join(first, 'docs', 'bad:name.md'));
    write(join(second, 'docs', 'Hours.md'));
    write(join(second, 'docs', 'menu.md'));
    expect(await readableDocumentNames(agent, [first, second, join(root, 'missing')])).toEqual([
      'Price List',
      'hours',
      'menu',
    ]);
  });

  it('lists a folder again once its listing is a few seconds old', async () => {
    const root = tempDir();
    const agent = { configDir: root, configName: 'Ada' } as AgentConfig;
    write(join(root, 'docs', 'hours.md'));
    const now = Date.now();
    expect(await readableDocumentNames(agent, [root], now)).toEqual(['hours']);
    write(join(root, 'docs', 'menu.md'));
    expect(await readableDocumentNames(agent, [root], now + 1_000)).toEqual(['hours']);
    expect(await readableDocumentNames(agent, [root], now + 11_000)).toEqual(['hours', 'menu']);
  });
});
