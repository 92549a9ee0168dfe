import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';

/**
 * Creates throwaway directory trees for a test file and removes them after each test.
 * Call at the top level of a test file; `create` takes paths relative to the new root.
 */
export function tempTreesCleanedAfterEach(): { create(files?: Record<string, string>): Promise<string> } {
  const roots: string[] = [];
  afterEach(async () => {
    await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
  });
  return {
    async create(files = {}) {
      const root = await mkdtemp(join(tmpdir(), 'troupe-config-'));
      roots.push(root);
      await writeTree(root, files);
      return root;
    },
  };
}

export async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    const file = join(root, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}

/** A minimal valid agent file, with extra sections appended as written. */
export function agentFile(name: string, extra = ''): string {
  return `# Agent Name\n\n${name}\n\n# Agent Phone\n\n+15550199999\n\n# Agent Instructions\n\nBe ${name}.\n${extra}`;
}
