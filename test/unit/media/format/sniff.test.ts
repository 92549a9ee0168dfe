import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type SniffedMedia, sniffMedia } from '../../../../src/main/media/format';
import type { MediaKind } from '../../../../src/shared/domain/config';
import { fixture } from './media-fixtures';

type Expected = Pick<SniffedMedia, 'mimeType' | 'extension' | 'kind'>;

const expected = (mimeType: string, extension: SniffedMedia['extension'], kind: MediaKind): Expected => ({
  mimeType,
  extension,
  kind,
});

/** Each fixture with no hints at all: what its bytes alone make it. */
const BY_BYTES: Record<string, Expected> = {
  'photo.png': expected('image/png', '.png', 'photo'),
  'photo.jpg': expected('image/jpeg', '.jpg', 'photo'),
  'animated.gif': expected('image/gif', '.gif', 'gif'),
  'sticker.webp': expected('image/webp', '.webp', 'photo'),
  'video.mp4': expected('video/mp4', '.mp4', 'video'),
  'video.mov': expected('video/quicktime', '.mov', 'video'),
  'audio.m4a': expected('audio/mp4', '.m4a', 'audio'),
  'video.webm': expected('video/webm', '.webm', 'video'),
  'video.avi': expected('video/x-msvideo', '.avi', 'video'),
  'voice.ogg': expected('audio/ogg', '.ogg', 'audio'),
  'audio.mp3': expected('audio/mpeg', '.mp3', 'audio'),
  'audio.flac': expected('audio/flac', '.flac', 'audio'),
  'audio.wav': expected('audio/wav', '.wav', 'audio'),
  'sticker.tgs': expected('application/x-tgsticker', '.tgs', 'sticker'),
  'not-lottie.gz': expected('application/gzip', '.bin', 'document'),
  'truncated.tgs': expected('application/gzip', '.bin', 'document'),
  'archive.zip': expected('application/zip', '.zip', 'document'),
  // Sniffing reads signatures, not whole files: a cut-off PNG is still a PNG.
  'truncated.png': expected('image/png', '.png', 'photo'),
  'random.bin': expected('application/octet-stream', '.bin', 'document'),
  // Text has no signature; only gzipped Lottie is a TGS.
  'sticker.json': expected('application/octet-stream', '.bin', 'document'),
};

const UNRECOGNIZED = new Set(['random.bin', 'sticker.json']);

describe('sniffMedia by bytes', () => {
  it.each(Object.entries(BY_BYTES))('%s', async (name, want) => {
    const sniffed = await sniffMedia(fixture(name), {});
    expect({ mimeType: sniffed.mimeType, extension: sniffed.extension, kind: sniffed.kind }).toEqual(want);
    expect(sniffed.isLottie).toBe(name === 'sticker.tgs');
    expect(sniffed.source).toBe(UNRECOGNIZED.has(name) ? 'hint' : 'bytes');
  });
});

describe('sniffMedia hints', () => {
  it('ignores a MIME type and kind the bytes contradict', async () => {
    const gif = await sniffMedia(fixture('animated.gif'), {
      mimeType: 'image/jpeg',
      fileName: 'cat.jpg',
      kind: 'photo',
    });
    expect(gif).toMatchObject({ mimeType: 'image/gif', extension: '.gif', kind: 'gif', source: 'bytes' });

    const png = await sniffMedia(fixture('photo.png'), { mimeType: 'video/mp4', kind: 'video' });
    expect(png).toMatchObject({ mimeType: 'image/png', kind: 'photo' });

    const mp3 = await sniffMedia(fixture('audio.mp3'), { mimeType: 'image/png', kind: 'sticker' });
    expect(mp3).toMatchObject({ mimeType: 'audio/mpeg', kind: 'audio' });
  });

  it('reads an MP4 as audio only when a hint says it holds sound', async () => {
    const bytes = fixture('video.mp4');
    for (const hints of [
      { isAudio: true },
      { kind: 'audio' as const },
      { mimeType: 'audio/x-m4a' },
      { fileName: 'Song.M4A' },
      { fileName: 'book.m4b' },
    ]) {
      expect(await sniffMedia(bytes, hints)).toMatchObject({
        mimeType: 'audio/mp4',
        extension: '.m4a',
        kind: 'audio',
        source: 'bytes',
      });
    }
    expect(await sniffMedia(bytes, { fileName: 'clip.mp4', mimeType: 'video/mp4' })).toMatchObject({
      mimeType: 'video/mp4',
      kind: 'video',
    });
  });

  it('keeps an M4A and a MOV what their brand says, whatever the hint', async () => {
    expect(await sniffMedia(fixture('audio.m4a'), { kind: 'video', mimeType: 'video/mp4' })).toMatchObject({
      mimeType: 'audio/mp4',
      kind: 'audio',
    });
    expect(await sniffMedia(fixture('video.mov'), { isAudio: true })).toMatchObject({
      mimeType: 'video/quicktime',
      kind: 'video',
    });
  });

  it('keeps a sticker hint on visual formats only', async () => {
    for (const name of ['sticker.webp', 'video.webm', 'sticker.tgs', 'photo.png']) {
      expect((await sniffMedia(fixture(name), { kind: 'sticker' })).kind).toBe('sticker');
    }
    expect((await sniffMedia(fixture('voice.ogg'), { kind: 'sticker' })).kind).toBe('audio');
    expect((await sniffMedia(fixture('archive.zip'), { kind: 'sticker' })).kind).toBe('document');
  });

  it('keeps an animation or GIF hint on video, which is how Telegram sends both', async () => {
    const mp4 = fixture('video.mp4');
    expect((await sniffMedia(mp4, { kind: 'animation' })).kind).toBe('animation');
    expect((await sniffMedia(mp4, { kind: 'gif', mimeType: 'video/mp4' })).kind).toBe('gif');
    expect((await sniffMedia(fixture('photo.jpg'), { kind: 'animation' })).kind).toBe('photo');
  });

  it('takes the MIME type from the hint only when the bytes are unknown', async () => {
    expect(
      await sniffMedia(fixture('random.bin'), {
        mimeType: 'Application/PDF; charset=binary',
        fileName: 'report.pdf',
        kind: 'photo',
      }),
    ).toEqual({
      mimeType: 'application/pdf',
      extension: '.bin',
      kind: 'document',
      isLottie: false,
      source: 'hint',
    });
    expect(await sniffMedia(new Uint8Array(0), { mimeType: 'nonsense' })).toMatchObject({
      mimeType: 'application/octet-stream',
      source: 'hint',
    });
  });
});

describe('sniffMedia on gzip', () => {
  it('does not take gzipped JSON that is not Lottie for a TGS', async () => {
    const json = gzipSync(JSON.stringify({ v: '5.7', fr: 30, ip: 0, op: 60, w: 512, h: 512 }));
    expect(await sniffMedia(json, { mimeType: 'application/x-tgsticker', kind: 'sticker' })).toMatchObject({
      mimeType: 'application/gzip',
      isLottie: false,
      kind: 'document',
    });
  });

  it('stops unpacking a gzip bomb at the bound', async () => {
    // Valid Lottie followed by 64 MB of spaces, about 64 KB of gzip (the most a TGS may be):
    // JSON.parse would accept it whole, so only the bound keeps it from passing as a sticker.
    const lottie = JSON.stringify({ v: '5.7', fr: 30, ip: 0, op: 60, w: 512, h: 512, layers: [] });
    const bomb = gzipSync(Buffer.concat([Buffer.from(lottie), Buffer.alloc(64 * 1024 * 1024, 0x20)]), {
      level: 9,
    });
    expect(bomb.length).toBeLessThan(128 * 1024);
    const started = performance.now();
    const sniffed = await sniffMedia(bomb, { mimeType: 'application/x-tgsticker', kind: 'sticker' });
    expect(sniffed).toMatchObject({ mimeType: 'application/gzip', isLottie: false, kind: 'document' });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('recognizes a TGS whose Lottie JSON starts with padding', async () => {
    const lottie = { v: '5.5.2', fr: 60, ip: 0, op: 180, w: 512, h: 512, layers: [] };
    const tgs = gzipSync(`\n  ${JSON.stringify(lottie)}\n`);
    expect(await sniffMedia(tgs, {})).toMatchObject({ extension: '.tgs', isLottie: true, kind: 'sticker' });
  });
});
