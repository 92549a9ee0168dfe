import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FileDocumentSources, fileDocument } from '../../../src/main/retrieval/files/file-documents';
import { scheduleDocument } from '../../../src/main/schedule';
import { agentConfig } from '../../support/agent-config';

describe('fileDocument', () => {
  let root: string;
  let sources: FileDocumentSources;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'troupe-files-'));
    const own = join(root, 'mine');
    const shared = join(root, 'shared');
    mkdirSync(join(own, 'agents', 'Ada', 'docs'), { recursive: true });
    mkdirSync(join(own, 'docs'), { recursive: true });
    mkdirSync(join(shared, 'docs'), { recursive: true });
    writeFileSync(join(own, 'agents', 'Ada', 'docs', 'menu.md'), "Ada's menu");
    writeFileSync(join(own, 'docs', 'menu.md'), 'The shared menu');
    writeFileSync(join(shared, 'docs', 'hours.md'), 'Open 9 to 5');
    writeFileSync(join(shared, 'docs', 'notes.txt'), 'plain notes');
    writeFileSync(join(root, 'secret.md'), 'outside the docs');
    sources = {
      agent: agentConfig({ configName: 'Ada', configDir: own, name: 'Ada Lovelace' }),
      configDirs: [own, shared],
      mediaLibrary: async () => [
        { uniqueId: 'u1', kind: 'photo', description: 'a harbour at dusk' },
        { uniqueId: 'u2', kind: 'video', description: null },
      ],
      schedule: () => scheduleDocument('Ada Lovelace', [], 'UTC'),
    };
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("reads the agent's own document before the shared ones, with or without .md", async () => {
    expect(await fileDocument('file:menu', sources)).toMatchObject({
      text: "Ada's menu",
      read: true,
      status: null,
    });
    expect((await fileDocument('file:menu.md', sources)).text).toBe("Ada's menu");
  });

  it('searches every config directory in order, and takes other file names as they are', async () => {
    expect((await fileDocument('file:hours', sources)).text).toBe('Open 9 to 5');
    expect((await fileDocument('file:notes.txt', sources)).text).toBe('plain notes');
  });

  it('says when nothing has the name, and refuses paths', async () => {
    expect(await fileDocument('file:missing', sources)).toMatchObject({
      text: 'No file `missing` was found.',
      read: false,
    });
    for (const name of ['../../secret.md', '/etc/passwd', '..\\secret', '.hidden', '', 'c:secret', 'con']) {
      const document = await fileDocument(`file:${name}`, sources);
      expect(document.read, name).toBe(false);
      expect(document.text, name).toMatch(/is not a file name/);
    }
  });

  it('generates media.json from the library and schedule.json from the schedule', async () => {
    const media = await fileDocument('file:media.json', sources);
    expect(JSON.parse(media.text)).toEqual([
      { media_id: 'u1', media_type: 'photo', description: 'a harbour at dusk' },
      { media_id: 'u2', media_type: 'video' },
    ]);
    expect((await fileDocument('file:schedule.json', sources)).text).toBe(
      'Ada Lovelace has no daily schedule.',
    );
  });
});
