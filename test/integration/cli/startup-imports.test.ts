import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/serve-process';

/**
 * Packages only some setups use: each is loaded when its feature first needs it (Telegram, a web
 * page read, a provider called, a sticker drawn, a file sniffed, an export zipped), never when the
 * runtime starts, since every one held from the start costs memory on every host.
 */
const LOADED_ON_FIRST_USE = [
  'telegram',
  'linkedom',
  '@mozilla/readability',
  'turndown',
  'undici',
  'openai',
  '@google/genai',
  '@lottiefiles/dotlottie-web',
  'fast-png',
  'file-type',
  'fflate',
];

/** The packages a fresh Node process resolves while importing the built CLI (what `troupe serve` runs). */
function packagesLoadedByImportingTheCli(): string[] {
  const cli = pathToFileURL(join(REPO_ROOT, 'out/main/cli.js')).href;
  const script = `
    import { registerHooks } from 'node:module';
    const loaded = new Set();
    registerHooks({
      resolve(specifier, context, next) {
        const resolved = next(specifier, context);
        const name = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(resolved.url)?.[1];
        if (name) loaded.add(name);
        return resolved;
      },
    });
    await import(${JSON.stringify(cli)});
    console.log(JSON.stringify([...loaded]));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  return JSON.parse(output.trim().split('\n').at(-1)!) as string[];
}

describe('the built troupe command', () => {
  it('starts without the packages only some features use (run npm run build first)', () => {
    const loaded = packagesLoadedByImportingTheCli();
    // What every runtime needs is there, so the hook saw the imports.
    expect(loaded).toEqual(expect.arrayContaining(['better-sqlite3', 'zod', 'ws']));
    expect(loaded.filter((name) => LOADED_ON_FIRST_USE.includes(name))).toEqual([]);
  });
});
