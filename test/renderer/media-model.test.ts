import { describe, expect, it } from 'vitest';
import {
  configDirLabel,
  copyKey,
  entriesOf,
  locationKey,
  locationOfKey,
  mediaListRows,
  moveTargetsOf,
  recordTitle,
  withRecord,
} from '../../src/renderer/features/media/model';
import { mediaEditorPath, uniqueIdFromParam } from '../../src/renderer/features/media/paths';
import { formatDuration, mediaDisplay, mediaHint } from '../../src/renderer/ui/media/media-display';
import { mediaRecord } from './support/fake-media';

const CACHE = { kind: 'cache' } as const;
const SAMPLES = { kind: 'curated', configDir: '/config/samples' } as const;

describe('how a file is drawn', () => {
  it('plays each kind with what suits its type, the type winning over the kind', () => {
    expect(mediaDisplay('sticker', 'application/x-tgsticker')).toBe('tgs');
    expect(mediaDisplay('sticker', 'video/webm')).toBe('loop');
    expect(mediaDisplay('sticker', 'image/webp')).toBe('image');
    expect(mediaDisplay('sticker', null)).toBe('image');
    expect(mediaDisplay('gif', 'video/mp4')).toBe('loop');
    expect(mediaDisplay('animation', 'image/gif')).toBe('image');
    expect(mediaDisplay('photo', 'image/jpeg')).toBe('image');
    expect(mediaDisplay('video', 'video/mp4')).toBe('video');
    expect(mediaDisplay('audio', 'audio/ogg')).toBe('audio');
    expect(mediaDisplay('document', 'application/pdf')).toBe('document');
  });

  it('says what the agent was told, why it was told nothing, or that nothing is known yet', () => {
    expect(mediaHint('A cat asleep on a keyboard', 'ignored')).toBe('A cat asleep on a keyboard');
    expect(mediaHint(null, 'the file is too large')).toBe('Could not be analyzed (the file is too large)');
    expect(mediaHint(null)).toBe('Not described yet');
  });

  it('writes a playing time in minutes and seconds', () => {
    expect(formatDuration(7.4)).toBe('0:07');
    expect(formatDuration(750)).toBe('12:30');
  });
});

describe('the editor’s list', () => {
  it('groups records by sticker set under headings with counts, records in no set last', () => {
    const entries = [
      mediaRecord('cat-1', { stickerSetName: 'Cats', stickerSetTitle: 'Cute cats' }),
      mediaRecord('photo-1', { kind: 'photo' }),
      mediaRecord('dog-1', { stickerSetName: 'Dogs' }),
      mediaRecord('cat-2', { stickerSetName: 'Cats', stickerSetTitle: 'Cute cats' }),
    ].map((record) => ({ key: copyKey(record), record }));

    const rows = mediaListRows(entries);

    const drawn = rows.map((row) =>
      row.kind === 'set' ? `# ${row.title} (${row.count})` : row.entry.record.uniqueId,
    );
    expect(drawn).toEqual([
      '# Cute cats (2)',
      'cat-1',
      'cat-2',
      '# Dogs (1)',
      'dog-1',
      '# Not in a sticker set (1)',
      'photo-1',
    ]);
  });

  it('counts under each set the records the media model could still describe', () => {
    const entries = [
      mediaRecord('cat-1', { stickerSetName: 'Cats', description: null, status: 'budget_exhausted' }),
      mediaRecord('cat-2', { stickerSetName: 'Cats', description: '  ', status: 'temporary_failure' }),
      mediaRecord('cat-3', { stickerSetName: 'Cats', description: 'A cat' }),
      mediaRecord('cat-4', { stickerSetName: 'Cats', description: null, status: 'curated' }),
      mediaRecord('cat-5', { stickerSetName: 'Cats', description: null, status: 'unsupported' }),
      mediaRecord('dog-1', { stickerSetName: 'Dogs', description: 'A dog' }),
    ].map((record) => ({ key: copyKey(record), record }));

    const sets = mediaListRows(entries).flatMap((row) =>
      row.kind === 'set' ? [`${row.name}: ${row.missing}`] : [],
    );

    expect(sets).toEqual(['Cats: 2', 'Dogs: 0']);
  });

  it('names a sticker by its emoji and set, anything else by its kind', () => {
    expect(recordTitle(mediaRecord('a', { stickerName: '🐱', stickerSetTitle: 'Cute cats' }))).toBe(
      '🐱 · Cute cats',
    );
    expect(recordTitle(mediaRecord('b', { stickerSetName: 'Cats' }))).toBe('Cats');
    expect(recordTitle(mediaRecord('c', { kind: 'gif' }))).toBe('GIF');
  });

  it('keys a location so the directory picker can say it', () => {
    for (const location of [null, CACHE, SAMPLES])
      expect(locationOfKey(locationKey(location))).toEqual(location);
    expect(copyKey(mediaRecord('x', { location: CACHE }))).not.toBe(copyKey(mediaRecord('x')));
  });

  it('names a long config directory by its distinctive end, enough of it to tell it from the others', () => {
    const home = '/home/operator/projects/troupe';
    const dirs = [
      `${home}/samples`,
      `${home}/configdir/`,
      '/srv/backups/2024/troupe/configdir',
      '/config/samples',
    ];
    expect(configDirLabel(`${home}/samples`, dirs)).toBe('…/troupe/samples');
    expect(configDirLabel(`${home}/configdir/`, dirs)).toBe('…/projects/troupe/configdir');
    expect(configDirLabel('/srv/backups/2024/troupe/configdir', dirs)).toBe('…/2024/troupe/configdir');
    expect(configDirLabel(`${home}/configdir`, [`${home}/configdir`])).toBe('…/troupe/configdir');
    expect(configDirLabel('/tmp/troupe-e2e-media-K0kzWE/samples', [])).toBe('…/samples');
    // Short paths, and long ones no end tells apart, are shown whole.
    expect(configDirLabel('/config/samples', dirs)).toBe('/config/samples');
    expect(configDirLabel('/a/very/long/shared/prefix/x', ['/b/very/long/shared/prefix/x'])).toBe(
      '/a/very/long/shared/prefix/x',
    );
    expect(configDirLabel('C:\\Users\\operator\\troupe\\configdir', [])).toBe('…\\troupe\\configdir');
  });

  it('offers to move a record into every other config directory, by the label the picker gives it', () => {
    const home = '/home/operator/projects/troupe';
    const dirs = [`${home}/samples`, `${home}/configdir`, '/config/team'];
    expect(moveTargetsOf({ kind: 'curated', configDir: `${home}/samples` }, dirs)).toEqual([
      { configDir: `${home}/configdir`, label: '…/troupe/configdir' },
      { configDir: '/config/team', label: '/config/team' },
    ]);
    expect(moveTargetsOf({ kind: 'cache' }, dirs).map((target) => target.label)).toEqual([
      '…/troupe/samples',
      '…/troupe/configdir',
      '/config/team',
    ]);
  });

  it('opens the editor on one file by a link, refusing ids Telegram could not have given', () => {
    expect(mediaEditorPath('AgADBQAD-_9')).toBe('/media/AgADBQAD-_9');
    expect(uniqueIdFromParam('AgADBQAD-_9')).toBe('AgADBQAD-_9');
    expect(uniqueIdFromParam('..%2Fsecret')).toBeNull();
    expect(uniqueIdFromParam('%E0%A4%A')).toBeNull();
  });
});

describe('a cached record curated from a view of the cache', () => {
  const cached = mediaRecord('cat', { location: CACHE, description: 'A cat', effective: false });
  const curated = mediaRecord('cat', { location: SAMPLES, description: 'A grey cat', status: 'curated' });
  const key = copyKey(cached);

  it('keeps its row, showing the curated record in place of the overridden cached one', () => {
    const entries = entriesOf([cached], { [key]: curated });

    expect(entries).toEqual([{ key, record: curated }]);
  });

  it('takes the fresher curated copy when a load lists it, and lists it only once', () => {
    const fresher = { ...curated, description: 'A grey cat, yawning' };

    const entries = entriesOf([fresher, cached], { [key]: curated });

    expect(entries).toEqual([{ key, record: fresher }]);
  });

  it('gives the curated copy its own row once the cached one is gone', () => {
    expect(entriesOf([curated], { [key]: curated })).toEqual([{ key: copyKey(curated), record: curated }]);
  });

  it('drops another row showing the same copy when a row takes it over', () => {
    const other = mediaRecord('dog', { location: CACHE });
    const entries = [
      { key, record: cached },
      { key: copyKey(curated), record: curated },
      { key: copyKey(other), record: other },
    ];

    expect(withRecord(entries, key, curated).map((entry) => entry.key)).toEqual([key, copyKey(other)]);
  });
});
