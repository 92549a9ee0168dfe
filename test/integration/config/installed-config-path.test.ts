import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installedConfigDirs } from '../../../src/main/config';
import { createLogger } from '../../../src/main/logging';
import type { RuntimeHandle } from '../../../src/main/runtime/types';
import type { AgentDetail, DocumentDir } from '../../../src/shared/api';
import { callApi } from '../../support/engine-runtime';
import { startTestRuntime } from '../../support/runtime';
import { copyShippedConfig } from '../../support/serve-process';

describe("the installed app's default config path", () => {
  let root: string;
  let resources: string;
  let stateDir: string;
  let runtime: RuntimeHandle;

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-installed-path-'));
    // The installation's resources: the shipped samples and shared prompts.
    resources = join(root, 'resources');
    copyShippedConfig(resources);
    stateDir = join(root, 'state');
    mkdirSync(stateDir);
    runtime = await startTestRuntime({
      stateDir,
      appRoot: resources,
      defaultConfigDirs: await installedConfigDirs(stateDir, resources, createLogger({ level: 'silent' })),
    });
  });

  afterEach(async () => {
    await runtime.close();
    rmSync(root, { recursive: true, force: true });
  });

  const call = (method: string, input: unknown) => callApi(runtime, method, input);

  it("switches a sample agent on in the operator's copy, leaving the installation as shipped", async () => {
    const juniper = (await call('agents.get', { configName: 'Juniper' })) as AgentDetail;
    expect(juniper.config.configDir).toBe(join(stateDir, 'config'));
    await call('agents.update', {
      configName: 'Juniper',
      fileVersion: juniper.fileVersion,
      changes: { disabled: false },
    });
    expect(readFileSync(join(stateDir, 'config', 'agents', 'Juniper.md'), 'utf8')).not.toContain(
      '# Disabled',
    );
    expect(readFileSync(join(resources, 'samples', 'agents', 'Juniper.md'), 'utf8')).toContain('# Disabled');
  });

  it("tells the operator's directory from the shipped prompts, which stay the originals", async () => {
    const { dirs } = (await call('documents.list', {})) as { dirs: DocumentDir[] };
    expect(dirs.map((dir) => [dir.configDir, dir.shipped])).toEqual([
      [join(stateDir, 'config'), false],
      [join(resources, 'configdir'), true],
    ]);
    await call('documents.create', {
      place: { kind: 'docs', configDir: join(stateDir, 'config') },
      name: 'Opening hours',
      text: 'Nine to five.\n',
    });
    expect(readFileSync(join(stateDir, 'config', 'docs', 'Opening hours.md'), 'utf8')).toBe(
      'Nine to five.\n',
    );
  });
});
