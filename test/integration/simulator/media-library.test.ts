import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/main/clock';
import { createLogger } from '../../../src/main/logging';
import { CuratedMedia } from '../../../src/main/media';
import { createSimulator } from '../../../src/main/simulator';
import { openStore } from '../../../src/main/store';
import { agentConfig } from '../../support/agent-config';
import { AGENT_ACCOUNT } from './simulator-fixture';

const logger = createLogger({ level: 'silent' });
const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A config directory whose `media/` holds these records (file name = unique id). */
function configDir(records: Record<string, unknown>[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'troupe-media-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'media'));
  for (const record of records) {
    writeFileSync(join(dir, 'media', `${record.unique_id}.json`), JSON.stringify(record));
  }
  return dir;
}

const harbour = { unique_id: '101', kind: 'photo', description: 'a harbour at dusk', status: 'curated' };
const sticker = {
  unique_id: '100',
  kind: 'sticker',
  description: 'a dancer grinning',
  status: 'curated',
  sticker_set_name: 'WendyDancer',
  sticker_name: '😀',
};

describe('Simulator media library from curated media', () => {
  it('holds every non-sticker record once, the earlier config directory winning', async () => {
    const catalogue = new CuratedMedia();
    await catalogue.reload([
      configDir([harbour, sticker]),
      configDir([
        { unique_id: '101', kind: 'photo', description: 'overridden', status: 'generated' },
        { unique_id: '102', kind: 'video', description: null, status: 'temporary_failure' },
        { unique_id: '103', kind: 'animated_sticker', description: 'old sticker kind', status: 'curated' },
      ]),
    ]);
    expect(catalogue.libraryFor(agentConfig({ configName: 'Cindy' }))).toEqual([
      { uniqueId: '101', kind: 'photo', description: 'a harbour at dusk' },
      { uniqueId: '102', kind: 'video', description: null },
    ]);
    expect(catalogue.libraryFor(undefined)).toEqual([]);
  });

  it('lets the agent send its media and, by unique id, its stickers', async () => {
    const catalogue = new CuratedMedia();
    await catalogue.reload([configDir([harbour, sticker])]);
    const agents = [agentConfig({ configName: 'Cindy', stickerSets: ['WendyDancer'] })];
    const agentNamed = (name: string) => agents.find((agent) => agent.configName === name);
    const store = openStore({ file: ':memory:', logger });
    const simulator = createSimulator({
      store,
      clock: new ManualClock(),
      logger,
      stickers: (name) => catalogue.stickersFor(agentNamed(name)),
      media: (name) => catalogue.libraryFor(agentNamed(name)),
      curatedFile: (uniqueId) => catalogue.fileBytes(uniqueId),
      agentAccount: () => AGENT_ACCOUNT,
    });
    cleanups.push(() => {
      simulator.close();
      store.close();
    });
    const { chat } = simulator.createChat('Cindy', { kind: 'direct', people: [{ firstName: 'Ann' }] });
    const send = (uniqueId: string, idempotencyKey: string) =>
      simulator.sendMedia('Cindy', chat.channelId, { uniqueId, replyTo: null, idempotencyKey });

    expect(await simulator.listMedia('Cindy')).toEqual([
      { uniqueId: '101', kind: 'photo', description: 'a harbour at dusk' },
    ]);
    await send('101', 'k1');
    await send('100', 'k2');
    const parts = (await simulator.fetchHistory('Cindy', chat.channelId, { limit: 10 })).map(
      (message) => message.parts,
    );
    expect(parts).toEqual([
      [{ kind: 'media', mediaKind: 'photo', uniqueId: '101', description: 'a harbour at dusk' }],
      [expect.objectContaining({ mediaKind: 'sticker', uniqueId: '100', stickerSetName: 'WendyDancer' })],
    ]);
    await expect(send('101', 'k1')).resolves.toMatchObject({ duplicate: true });
  });
});
