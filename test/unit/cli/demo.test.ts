import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDemo } from '../../../src/main/cli/demo';

describe('troupe demo', () => {
  it('explains that the demo needs a source checkout where its scripts are not shipped', async () => {
    const installed = mkdtempSync(join(tmpdir(), 'troupe-installed-'));
    let stderr = '';
    try {
      const code = await runDemo([], {
        appRoot: installed,
        env: {},
        stderr: (text) => {
          stderr += text;
        },
      });
      expect(code).toBe(1);
      expect(stderr).toContain('troupe demo runs from a source checkout of Troupe');
      expect(stderr).toContain('`npm run demo`');
    } finally {
      rmSync(installed, { recursive: true, force: true });
    }
  });
});
