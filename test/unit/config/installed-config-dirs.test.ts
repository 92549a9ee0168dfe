import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { installedConfigDirs } from '../../../src/main/config/installed-config-dirs';
import { createLogger } from '../../../src/main/logging';

const logger = createLogger({ level: 'silent' });

describe('installedConfigDirs', () => {
  let stateDir: string;
  let resources: string;

  beforeEach(() => {
    const root = mkdtempSync(join(tmpdir(), 'troupe-installed-'));
    stateDir = join(root, 'state');
    resources = join(root, 'resources');
    mkdirSync(stateDir);
    mkdirSync(join(resources, 'samples', 'agents'), { recursive: true });
    mkdirSync(join(resources, 'configdir'), { recursive: true });
    writeFileSync(join(resources, 'samples', 'agents', 'Juniper.md'), '# Agent Name\nJuniper\n');
  });

  it('puts a copy of the samples in the state directory first, then the shipped configdir', async () => {
    const dirs = await installedConfigDirs(stateDir, resources, logger);
    expect(dirs).toEqual([join(stateDir, 'config'), join(resources, 'configdir')]);
    expect(readFileSync(join(stateDir, 'config', 'agents', 'Juniper.md'), 'utf8')).toContain('Juniper');
    expect(readdirSync(stateDir)).toEqual(['config']);
  });

  it("never touches the operator's copy again, even when the samples change", async () => {
    await installedConfigDirs(stateDir, resources, logger);
    writeFileSync(join(stateDir, 'config', 'agents', 'Juniper.md'), '# Agent Name\nJuniper, edited\n');
    writeFileSync(join(resources, 'samples', 'agents', 'Juniper.md'), '# Agent Name\nJuniper v2\n');
    writeFileSync(join(resources, 'samples', 'agents', 'Newcomer.md'), '# Agent Name\nNewcomer\n');
    await installedConfigDirs(stateDir, resources, logger);
    expect(readFileSync(join(stateDir, 'config', 'agents', 'Juniper.md'), 'utf8')).toContain('edited');
    expect(existsSync(join(stateDir, 'config', 'agents', 'Newcomer.md'))).toBe(false);
  });

  it('starts over from a copy a crash left half made', async () => {
    mkdirSync(join(stateDir, 'config.seeding', 'agents'), { recursive: true });
    writeFileSync(join(stateDir, 'config.seeding', 'agents', 'Half.md'), 'cut sh');
    await installedConfigDirs(stateDir, resources, logger);
    expect(readdirSync(join(stateDir, 'config', 'agents'))).toEqual(['Juniper.md']);
    expect(existsSync(join(stateDir, 'config.seeding'))).toBe(false);
  });

  it('makes an empty directory when the installation has no samples', async () => {
    const dirs = await installedConfigDirs(stateDir, join(resources, 'elsewhere'), logger);
    expect(dirs[0]).toBe(join(stateDir, 'config'));
    expect(readdirSync(join(stateDir, 'config'))).toEqual([]);
  });

  it('falls back to the shipped directories when the state directory takes no copy', async () => {
    const notADirectory = join(stateDir, 'file');
    writeFileSync(notADirectory, '');
    const dirs = await installedConfigDirs(notADirectory, resources, logger);
    expect(dirs).toEqual([join(resources, 'samples'), join(resources, 'configdir')]);
  });
});
