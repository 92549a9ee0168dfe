import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listMediaRecords, parseMediaRecord } from '../../../src/main/config/media-records';
import { tempTreesCleanedAfterEach } from './temp-tree';

const trees = tempTreesCleanedAfterEach();

const stickerJson = {
  unique_id: 'AgADsticker1',
  kind: 'sticker',
  description: 'A cartoon loaf of bread giving a thumbs up.',
  status: 'curated',
  failure_reason: null,
  retryable: false,
  mime_type: 'video/mp4',
  original_mime_type: 'application/x-tgsticker',
  media_file: 'AgADsticker1.tgs',
  duration: 2.5,
  sticker_set_name: 'LoafLife',
  sticker_set_title: 'Loaf Life',
  sticker_name: '👍',
  is_emoji_set: false,
  description_retry_count: 1,
  last_used_at: '2025-11-02T09:30:00',
  curated_by: 'operator',
};

function parse(value: unknown, file = '/cfg/media/AgADsticker1.json') {
  return parseMediaRecord(JSON.stringify(value), file);
}

describe('parseMediaRecord', () => {
  it('reads every field of a record', () => {
    expect(parse(stickerJson)).toEqual({
      problems: [],
      record: {
        uniqueId: 'AgADsticker1',
        kind: 'sticker',
        description: 'A cartoon loaf of bread giving a thumbs up.',
        status: 'curated',
        failureReason: null,
        retryable: false,
        mimeType: 'video/mp4',
        originalMimeType: 'application/x-tgsticker',
        mediaFile: 'AgADsticker1.tgs',
        duration: 2.5,
        stickerSetName: 'LoafLife',
        stickerSetTitle: 'Loaf Life',
        stickerName: '👍',
        isEmojiSet: false,
        descriptionRetryCount: 1,
        lastUsedAt: '2025-11-02T09:30:00',
        curatedBy: 'operator',
        file: '/cfg/media/AgADsticker1.json',
      },
    });
  });

  it('fills absent optional fields and drops unknown keys', () => {
    const { record, problems } = parse({
      unique_id: 'AgADsticker1',
      kind: 'photo',
      status: 'generated',
      sender_id: 42,
    });
    expect(problems).toEqual([]);
    expect(record).toMatchObject({
      description: null,
      failureReason: null,
      retryable: false,
      mimeType: null,
      mediaFile: null,
      duration: null,
      descriptionRetryCount: 0,
      lastUsedAt: null,
      curatedBy: null,
    });
    expect(record).not.toHaveProperty('sender_id');
    expect(record).not.toHaveProperty('senderId');
  });

  it('reads the legacy animated_sticker kind as a sticker', () => {
    expect(parse({ ...stickerJson, kind: 'animated_sticker' }).record?.kind).toBe('sticker');
  });

  it('drops sticker-only fields from other kinds', () => {
    const { record } = parse({ ...stickerJson, kind: 'gif' });
    expect(record).toMatchObject({
      kind: 'gif',
      stickerSetName: null,
      stickerSetTitle: null,
      stickerName: null,
      isEmojiSet: null,
    });
  });

  it('keeps a null description with its failure reason', () => {
    const { record } = parse({
      ...stickerJson,
      description: null,
      status: 'temporary_failure',
      failure_reason: 'timeout',
      retryable: true,
    });
    expect(record).toMatchObject({
      description: null,
      status: 'temporary_failure',
      failureReason: 'timeout',
      retryable: true,
    });
  });

  it.each([
    ['an unknown kind', { kind: 'hologram' }, 'kind'],
    ['an unknown status', { status: 'pending' }, 'status'],
    ['a missing status', { status: undefined }, 'status'],
    ['a negative duration', { duration: -1 }, 'duration'],
    ['a text retry count', { description_retry_count: 'two' }, 'description_retry_count'],
    ['a media file in another directory', { media_file: '../../secret.txt' }, 'media_file'],
  ])('rejects a record with %s, naming the field', (_label, change, field) => {
    const { record, problems } = parse({ ...stickerJson, ...change });
    expect(record).toBeNull();
    expect(problems).toEqual([
      {
        severity: 'error',
        file: '/cfg/media/AgADsticker1.json',
        line: null,
        message: expect.stringContaining(`${field}:`),
      },
    ]);
  });

  it('rejects a record whose unique_id differs from its file name', () => {
    const { record, problems } = parse(stickerJson, '/cfg/media/SomethingElse.json');
    expect(record).toBeNull();
    expect(problems[0]?.message).toContain('differs from the file name');
  });

  it('rejects text that is not JSON or not an object', () => {
    expect(parseMediaRecord('{ not json', '/cfg/media/x.json').problems[0]?.message).toContain(
      'Not valid JSON',
    );
    expect(parseMediaRecord('[1, 2]', '/cfg/media/x.json').record).toBeNull();
  });
});

describe('listMediaRecords', () => {
  it('loads the good records, reports the bad ones and missing media files', async () => {
    const root = await trees.create({
      'media/AgADsticker1.json': JSON.stringify(stickerJson),
      'media/AgADsticker1.tgs': 'bytes',
      'media/AgADphoto2.json': JSON.stringify({
        unique_id: 'AgADphoto2',
        kind: 'photo',
        status: 'curated',
        media_file: 'AgADphoto2.jpg',
      }),
      'media/AgADbroken3.json': '{ "unique_id": "AgADbroken3"',
      'media/README.md': 'Not a record.',
    });
    const mediaDir = join(root, 'media');
    const { records, problems } = await listMediaRecords(mediaDir);
    expect(records.map((record) => record.uniqueId)).toEqual(['AgADphoto2', 'AgADsticker1']);
    expect(problems).toEqual([
      {
        severity: 'error',
        file: join(mediaDir, 'AgADbroken3.json'),
        line: null,
        message: expect.stringContaining('Not valid JSON'),
      },
      {
        severity: 'warning',
        file: join(mediaDir, 'AgADphoto2.json'),
        line: null,
        message: expect.stringContaining('media_file "AgADphoto2.jpg" is not in'),
      },
    ]);
  });

  it('has no records when the directory does not exist', async () => {
    const root = await trees.create();
    expect(await listMediaRecords(join(root, 'media'))).toEqual({ records: [], problems: [] });
  });
});
