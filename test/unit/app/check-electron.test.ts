import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of the npm start chain, without types.
import { missingElectron } from '../../../scripts/check-electron.mjs';

describe('the check before npm start', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'troupe-electron-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('asks for npm install when the package is missing', () => {
    expect(missingElectron(join(dir, 'electron'))).toBe(
      'The electron package is not installed: run `npm install` first.',
    );
  });

  it('says the binary is missing and that troupe serve works without it', () => {
    writeFileSync(join(dir, 'package.json'), '{}');
    const message = missingElectron(dir) as string;
    expect(message).toContain("Electron's binary is not installed");
    expect(message).toContain('node bin/troupe.js serve');
    writeFileSync(join(dir, 'path.txt'), 'electron');
    expect(missingElectron(dir)).toContain("Electron's binary is not installed");
  });

  it('lets the app start when the binary is in place', () => {
    writeFileSync(join(dir, 'package.json'), '{}');
    writeFileSync(join(dir, 'path.txt'), 'electron');
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'electron'), '');
    expect(missingElectron(dir)).toBeNull();
  });
});
