import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, SettingsRepository } from '../../../src/main/store';
import { DEFAULT_SETTINGS } from '../../../src/shared/domain/settings';
import { capturingLogger, tempDirsPerTest } from '../../support/helpers';

const tempDir = tempDirsPerTest();

function setup(file = ':memory:') {
  const db = openDatabase(file);
  const { logger, records } = capturingLogger();
  const settings = new SettingsRepository(db, { logger });
  /** Writes a stored value directly, as a damaged file or another Troupe version would leave it. */
  const storeRaw = (key: string, valueJson: string) =>
    db.prepare("INSERT OR REPLACE INTO settings VALUES (?, ?, 'then')").run(key, valueJson);
  const warnings = () => records().filter((record) => record.level === 40);
  return { db, settings, storeRaw, warnings };
}

describe('SettingsRepository', () => {
  it('returns the defaults when nothing is stored', () => {
    const { db, settings } = setup();
    expect(settings.get()).toEqual(DEFAULT_SETTINGS);
    db.close();
  });

  it('does not let callers change the settings or the defaults through a returned object', () => {
    const { db, settings } = setup();
    expect(() => {
      settings.get().llmBaseUrls.openai = 'http://mutated';
    }).toThrow(TypeError);
    expect(() => settings.get().configPath.push('/mutated')).toThrow(TypeError);
    expect(settings.get()).toEqual(DEFAULT_SETTINGS);
    db.close();
  });

  it('replaces the config path and keeps it across a reopen', () => {
    const file = join(tempDir(), 'troupe.db');
    const first = setup(file);
    const updated = first.settings.update({ configPath: ['/agents/a', '/agents/b'] });
    expect(updated.configPath).toEqual(['/agents/a', '/agents/b']);
    first.db.close();

    const second = setup(file);
    expect(second.settings.get().configPath).toEqual(['/agents/a', '/agents/b']);
    second.db.close();
  });

  it('merges LLM base URLs per provider', () => {
    const { db, settings } = setup();
    settings.update({ llmBaseUrls: { openai: 'https://proxy.example/v1' } });
    const updated = settings.update({ llmBaseUrls: { ollama: ' http://gpu-box:11434/v1 ' } });
    expect(updated.llmBaseUrls).toEqual({
      ...DEFAULT_SETTINGS.llmBaseUrls,
      openai: 'https://proxy.example/v1',
      ollama: 'http://gpu-box:11434/v1',
    });
    expect(settings.get()).toEqual(updated);
    db.close();
  });

  it('leaves keys absent from the patch alone', () => {
    const { db, settings } = setup();
    settings.update({ configPath: ['/agents'] });
    settings.update({ llmBaseUrls: { xai: 'https://x.example' } });
    expect(settings.get().configPath).toEqual(['/agents']);
    db.close();
  });

  it('rejects an invalid patch and stores nothing', () => {
    const { db, settings } = setup();
    expect(() => settings.update({ llmBaseUrls: { openai: 'ftp://nope' } })).toThrow(/http/);
    expect(() => settings.update({ unknown: true } as never)).toThrow();
    expect(settings.get()).toEqual(DEFAULT_SETTINGS);
    db.close();
  });

  it('falls back to the default for a value that is not JSON, and warns', () => {
    const { db, settings, storeRaw, warnings } = setup();
    storeRaw('configPath', '["/agents"');
    expect(settings.get().configPath).toEqual([]);
    expect(warnings()).toEqual([expect.objectContaining({ key: 'configPath' })]);
    db.close();
  });

  it('falls back to the default for a value of the wrong shape without losing the other keys', () => {
    const { db, settings, storeRaw, warnings } = setup();
    settings.update({ configPath: ['/agents'] });
    storeRaw('llmBaseUrls', '[42]');
    expect(settings.get()).toEqual({ ...DEFAULT_SETTINGS, configPath: ['/agents'] });
    expect(warnings()[0]).toMatchObject({ key: 'llmBaseUrls' });
    db.close();
  });

  it('keeps the valid fields of a stored group with a bad one, which alone gets its default', () => {
    const { db, settings, storeRaw, warnings } = setup();
    storeRaw('llmBaseUrls', '{"openai": 42, "gemini": "https://g.example"}');
    storeRaw(
      'engine',
      JSON.stringify({ ...DEFAULT_SETTINGS.engine, defaultAgentLlm: 'no such:model:x', llmConcurrency: 3 }),
    );
    expect(settings.get().llmBaseUrls).toEqual({
      ...DEFAULT_SETTINGS.llmBaseUrls,
      gemini: 'https://g.example',
    });
    expect(settings.get().engine).toEqual({ ...DEFAULT_SETTINGS.engine, llmConcurrency: 3 });
    expect(warnings()).toEqual([
      expect.objectContaining({ key: 'llmBaseUrls', problems: [expect.stringContaining('openai')] }),
      expect.objectContaining({ key: 'engine', problems: [expect.stringContaining('defaultAgentLlm')] }),
    ]);
    db.close();
  });

  it('repairs a damaged value on the next update of that key', () => {
    const { db, settings, storeRaw } = setup();
    storeRaw('llmBaseUrls', 'garbage');
    settings.update({ llmBaseUrls: { gemini: 'https://g.example' } });
    expect(settings.get().llmBaseUrls).toEqual({
      ...DEFAULT_SETTINGS.llmBaseUrls,
      gemini: 'https://g.example',
    });
    db.close();
  });

  it('gives providers missing from a stored value their default', () => {
    const { db, settings, storeRaw, warnings } = setup();
    storeRaw('llmBaseUrls', '{"openai": "https://proxy.example/v1", "retired": "https://old.example"}');
    expect(settings.get().llmBaseUrls).toEqual({
      ...DEFAULT_SETTINGS.llmBaseUrls,
      openai: 'https://proxy.example/v1',
    });
    expect(warnings()).toEqual([]);
    db.close();
  });

  it('ignores stored keys it does not know', () => {
    const { db, settings, storeRaw } = setup();
    storeRaw('someFutureSetting', '{"on": true}');
    expect(settings.get()).toEqual(DEFAULT_SETTINGS);
    db.close();
  });

  it('gives a database from before the desktop settings their defaults, and merges desktop patches', () => {
    expect(setup().settings.get().desktop).toEqual({
      closeToTray: true,
      startAtLogin: false,
      mutedNotifications: [],
    });
    const { db, settings, storeRaw, warnings } = setup();
    storeRaw('desktop', '{"startAtLogin": true}');
    expect(settings.get().desktop).toEqual({ closeToTray: true, startAtLogin: true, mutedNotifications: [] });
    settings.update({ desktop: { mutedNotifications: ['draftWaiting'] } });
    expect(settings.get().desktop).toEqual({
      closeToTray: true,
      startAtLogin: true,
      mutedNotifications: ['draftWaiting'],
    });
    expect(() => settings.update({ desktop: { mutedNotifications: ['everything' as 'signIn'] } })).toThrow();
    expect(warnings()).toEqual([]);
    db.close();
  });
});
