import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readStepFiles } from '../../../src/main/cli/simulate-files';
import { parseSimulateScript } from '../../../src/main/cli/simulate-script';

describe('the files a simulate script sends', () => {
  let dir: string;
  const scriptFile = () => join(dir, 'scripts', 'play.json');
  const read = (steps: unknown[]) =>
    readStepFiles(parseSimulateScript(JSON.stringify({ steps }), scriptFile()), scriptFile());

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'troupe-script-files-'));
    mkdirSync(join(dir, 'scripts', 'pics'), { recursive: true });
    writeFileSync(join(dir, 'scripts', 'pics', 'beach.jpg'), 'jpeg bytes');
    writeFileSync(join(dir, 'cat.tgs'), 'tgs bytes');
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads each file step by step index, with paths relative to the script', async () => {
    const files = await read([
      { say: 'hi' },
      { photo: 'pics/beach.jpg', caption: 'Look!' },
      { sticker: '😺', set: 'HappyCats' },
      { sticker: '../cat.tgs', emoji: '🐱' },
    ]);
    expect([...files.keys()]).toEqual([1, 3]);
    expect(files.get(1)!.fileName).toBe('beach.jpg');
    expect(files.get(1)!.bytes.toString()).toBe('jpeg bytes');
    expect(files.get(3)!.bytes.toString()).toBe('tgs bytes');
  });

  it('names the step and the path of a file that is missing, a directory, empty or too large', async () => {
    const at = (name: string) => join(dir, 'scripts', name);
    await expect(read([{ say: 'hi' }, { voice: 'nope.ogg' }])).rejects.toThrow(
      `step 1: the voice ${at('nope.ogg')} cannot be sent: there is no such file.`,
    );
    await expect(read([{ document: 'pics' }])).rejects.toThrow(
      `step 0: the document ${at('pics')} cannot be sent: it is not a file.`,
    );
    writeFileSync(at('empty.mp4'), '');
    await expect(read([{ video: 'empty.mp4' }])).rejects.toThrow(
      `step 0: the video ${at('empty.mp4')} cannot be sent: the file is empty.`,
    );
    writeFileSync(at('big.webp'), '');
    truncateSync(at('big.webp'), 21 * 1024 * 1024);
    await expect(read([{ sticker: 'big.webp' }])).rejects.toThrow(
      `step 0: the sticker ${at('big.webp')} cannot be sent: the file has 21.0 MB; the Simulator takes files up to 20 MB.`,
    );
  });
});
