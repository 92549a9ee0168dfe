import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RuntimeHandle } from '../../../src/main/runtime/types';
import type { DocumentDir, DocumentPlace } from '../../../src/shared/api/documents-contract';
import { callApi } from '../../support/engine-harness';
import { startTestRuntime } from '../../support/runtime';

/** An agent file with a comment, spacing and CRLF line ends that a rewrite would lose. */
const JUNIPER = [
  '# Agent Name',
  '',
  'Juniper',
  '',
  '# Agent Phone',
  '',
  '+15550100001',
  '',
  '<!-- kept as written -->',
  '# Role Prompt',
  '',
  'Task-Memory',
  'Companion',
  '',
  '# Agent Instructions',
  '',
  'Be Juniper.',
  'Keep the bookshop.',
  '',
].join('\r\n');

function write(file: string, text: string) {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
}

describe('documents through the API against real config directories', () => {
  let root: string;
  let first: string;
  let second: string;
  let runtime: RuntimeHandle;

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-documents-'));
    first = join(root, 'first');
    second = join(root, 'second');
    // The app's shipped prompts, as an install has them under its root.
    write(join(root, 'app', 'configdir', 'prompts', 'Instructions.md'), 'Answer as JSON tasks.\n');
    write(join(root, 'app', 'configdir', 'prompts', 'Task-Memory.md'), 'Remember things.\n');
    write(join(first, 'agents', 'Juniper.md'), JUNIPER);
    write(join(first, 'prompts', 'Companion.md'), 'Be warm.\n');
    write(join(first, 'docs', 'Shop.md'), '# The shop\n');
    write(join(second, 'prompts', 'Narrator.md'), 'Tell it.\n');
    mkdirSync(join(second, 'docs'));
    mkdirSync(join(root, 'state'));
    runtime = await startTestRuntime({
      stateDir: join(root, 'state'),
      configDirs: [first, second, join(root, 'app', 'configdir')],
      appRoot: join(root, 'app'),
    });
  });

  afterEach(async () => {
    await runtime.close();
    rmSync(root, { recursive: true, force: true });
  });

  const prompts = (configDir: string): DocumentPlace => ({ kind: 'prompts', configDir });
  const docs = (configDir: string): DocumentPlace => ({ kind: 'docs', configDir });
  const call = (method: string, input: unknown) => callApi(runtime, method, input);
  const refusal = async (method: string, input: unknown) => {
    const outcome = await runtime.dispatch(method, input);
    if (outcome.ok) throw new Error(`${method} was not refused`);
    return outcome.error;
  };
  const dirOf = async (configDir: string) => {
    const { dirs } = (await call('documents.list', {})) as { dirs: DocumentDir[] };
    return dirs.find((dir) => dir.configDir === configDir)!;
  };

  it('lists each directory’s prompts and documents with the agents using each prompt', async () => {
    for (const name of ['menu 10', 'Menu 2', 'apples']) write(join(first, 'docs', `${name}.md`), '-\n');
    const listed = (await call('documents.list', {})) as {
      dirs: DocumentDir[];
      shippedPrompts: Array<{ name: string; overriddenIn: string | null; overrideIsCopy: boolean }>;
    };
    expect(listed.dirs.map((dir) => [dir.configDir, dir.shipped])).toEqual([
      [first, false],
      [second, false],
      [join(root, 'app', 'configdir'), true],
    ]);
    expect(listed.dirs[0]!.prompts).toEqual([
      {
        name: 'Companion',
        usedBy: [{ configName: 'Juniper', name: 'Juniper' }],
        shipped: false,
        overridesShipped: false,
        sameAsShipped: false,
        shadowedBy: null,
      },
    ]);
    // In reading order: case aside, numbers by value.
    expect(listed.dirs[0]!.docs.map((doc) => doc.name)).toEqual(['apples', 'Menu 2', 'menu 10', 'Shop']);
    expect(
      listed.dirs[2]!.prompts.map((prompt) => [prompt.name, prompt.shipped, prompt.usedBy.length]),
    ).toEqual([
      ['Instructions', true, 0],
      ['Task-Memory', true, 1],
    ]);
    expect(listed.shippedPrompts).toEqual([
      { name: 'Instructions', overriddenIn: null, overrideIsCopy: false },
      { name: 'Task-Memory', overriddenIn: null, overrideIsCopy: false },
    ]);
  });

  it('creates, saves, renames, moves and deletes documents, each write whole', async () => {
    const created = await call('documents.create', {
      place: docs(first),
      name: 'Regulars.md',
      text: '# Regulars\n',
    });
    expect(created).toMatchObject({ name: 'Regulars' });
    const file = join(first, 'docs', 'Regulars.md');
    expect(readFileSync(file, 'utf8')).toBe('# Regulars\n');

    const read = (await call('documents.read', { place: docs(first), name: 'Regulars' })) as {
      version: string;
      readOnly: boolean;
    };
    expect(read).toMatchObject({ text: '# Regulars\n', readOnly: false });
    const saved = (await call('documents.save', {
      place: docs(first),
      name: 'Regulars',
      text: '# Regulars\n\nPat, Kim.\n',
      version: read.version,
    })) as { version: string };
    expect(readFileSync(file, 'utf8')).toBe('# Regulars\n\nPat, Kim.\n');
    expect(saved.version).not.toBe(read.version);

    await call('documents.rename', { place: docs(first), name: 'Regulars', newName: 'Customers' });
    expect(existsSync(file)).toBe(false);
    await call('documents.move', { place: docs(first), name: 'Customers', to: docs(second) });
    expect(readFileSync(join(second, 'docs', 'Customers.md'), 'utf8')).toBe('# Regulars\n\nPat, Kim.\n');
    // To the agent's own documents and back.
    await call('documents.move', {
      place: docs(second),
      name: 'Customers',
      to: { kind: 'agent', agent: 'Juniper' },
    });
    expect(await call('documents.agentList', { agent: 'Juniper' })).toMatchObject({
      folder: join(first, 'agents', 'Juniper', 'docs'),
      docs: [{ name: 'Customers' }],
    });
    await call('documents.delete', { place: { kind: 'agent', agent: 'Juniper' }, name: 'Customers' });
    expect(existsSync(join(first, 'agents', 'Juniper', 'docs', 'Customers.md'))).toBe(false);
    // Nothing half-written is left beside the files.
    expect(readFileSync(join(first, 'docs', 'Shop.md'), 'utf8')).toBe('# The shop\n');
  });

  it('refuses bad and taken names under their field, and a move onto a same-named file', async () => {
    expect(await refusal('documents.create', { place: docs(first), name: '../escape' })).toMatchObject({
      code: 'invalid_input',
      issues: [{ path: 'name', message: expect.stringContaining('plain file name') }],
    });
    expect(await refusal('documents.create', { place: docs(first), name: 'shop' })).toMatchObject({
      code: 'invalid_input',
      issues: [{ path: 'name', message: expect.stringContaining('already a Shop.md in') }],
    });
    expect(
      await refusal('documents.rename', { place: prompts(second), name: 'Narrator', newName: 'a/b' }),
    ).toMatchObject({
      issues: [{ path: 'newName' }],
    });
    expect(await refusal('documents.create', { place: docs(first), name: 'Prices: 2025' })).toMatchObject({
      issues: [{ path: 'name', message: 'Leave out ":" (Windows file names cannot have it).' }],
    });
    write(join(second, 'docs', 'SHOP.md'), 'Another shop.\n');
    expect(
      await refusal('documents.move', { place: docs(first), name: 'Shop', to: docs(second) }),
    ).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('already has a SHOP.md'),
    });
    expect(readFileSync(join(second, 'docs', 'SHOP.md'), 'utf8')).toBe('Another shop.\n');
    expect(
      await refusal('documents.create', { place: docs(join(root, 'elsewhere')), name: 'X' }),
    ).toMatchObject({
      code: 'not_found',
    });
  });

  it('refuses a save made against a file changed on disk since, and keeps that change', async () => {
    const { version } = (await call('documents.read', { place: prompts(first), name: 'Companion' })) as {
      version: string;
    };
    writeFileSync(join(first, 'prompts', 'Companion.md'), 'Be warm, edited elsewhere.\n');
    expect(
      await refusal('documents.save', { place: prompts(first), name: 'Companion', text: 'Mine.', version }),
    ).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('changed on disk since you opened it'),
    });
    expect(readFileSync(join(first, 'prompts', 'Companion.md'), 'utf8')).toBe('Be warm, edited elsewhere.\n');
  });

  it('refuses to delete a role prompt in use, naming the agents', async () => {
    expect(await refusal('documents.delete', { place: prompts(first), name: 'Companion' })).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('role prompt of Juniper'),
    });
    expect(existsSync(join(first, 'prompts', 'Companion.md'))).toBe(true);
    await call('documents.delete', { place: prompts(second), name: 'Narrator' });
    expect(existsSync(join(second, 'prompts', 'Narrator.md'))).toBe(false);
  });

  it('renames a role prompt in use in its agents’ files too, every other byte kept', async () => {
    const agentFile = join(first, 'agents', 'Juniper.md');
    const answer = await call('documents.rename', {
      place: prompts(first),
      name: 'Companion',
      newName: 'Bookseller',
      updateAgents: true,
    });
    expect(answer).toEqual({ name: 'Bookseller', updatedAgents: ['Juniper'] });
    expect(readFileSync(agentFile, 'utf8')).toBe(JUNIPER.replace('Companion', 'Bookseller'));
    expect((await dirOf(first)).prompts).toMatchObject([
      { name: 'Bookseller', usedBy: [{ configName: 'Juniper' }] },
    ]);
    const { agents } = (await call('agents.list', {})) as {
      agents: Array<{ config: { rolePrompts: string[] } }>;
    };
    expect(agents[0]!.config.rolePrompts).toEqual(['Task-Memory', 'Bookseller']);
  });

  it('keeps shipped prompts from change in place; an override in a directory is used instead', async () => {
    const shipped = join(root, 'app', 'configdir');
    const read = (await call('documents.read', { place: { kind: 'shipped' }, name: 'Instructions' })) as {
      text: string;
      version: string;
      readOnly: boolean;
    };
    expect(read).toMatchObject({ text: 'Answer as JSON tasks.\n', readOnly: true });
    for (const [method, input] of [
      ['documents.save', { place: prompts(shipped), name: 'Task-Memory', text: 'x', version: read.version }],
      ['documents.rename', { place: prompts(shipped), name: 'Task-Memory', newName: 'Memory' }],
      ['documents.delete', { place: { kind: 'shipped' }, name: 'Instructions' }],
    ] as const) {
      expect(await refusal(method, input)).toMatchObject({
        code: 'conflict',
        message: expect.stringContaining('shipped with Troupe'),
      });
    }
    await call('documents.create', {
      place: prompts(first),
      name: 'Task-Memory',
      text: 'Remember the regulars.\n',
    });
    // A copy of the shipped text, as a copied config directory has, is told apart from a change.
    write(join(second, 'prompts', 'Instructions.md'), 'Answer as JSON tasks.\n');
    await call('config.reload', {});
    const listed = (await call('documents.list', {})) as { dirs: DocumentDir[]; shippedPrompts: unknown[] };
    expect(listed.shippedPrompts).toContainEqual({
      name: 'Task-Memory',
      overriddenIn: first,
      overrideIsCopy: false,
    });
    expect(listed.shippedPrompts).toContainEqual({
      name: 'Instructions',
      overriddenIn: second,
      overrideIsCopy: true,
    });
    expect(listed.dirs[1]!.prompts.find((prompt) => prompt.name === 'Instructions')).toMatchObject({
      overridesShipped: true,
      sameAsShipped: true,
    });
    expect(listed.dirs[0]!.prompts.find((prompt) => prompt.name === 'Task-Memory')).toMatchObject({
      overridesShipped: true,
      sameAsShipped: false,
      shipped: false,
      usedBy: [{ configName: 'Juniper' }],
    });
    expect(listed.dirs[2]!.prompts.find((prompt) => prompt.name === 'Task-Memory')).toMatchObject({
      shadowedBy: first,
      usedBy: [],
    });
  });
});
