import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaKind, MediaStatus } from '../../../shared/domain/config';

/** What a curated record says, as Troupe writes it. */
export interface CuratedFields {
  uniqueId: string;
  kind: MediaKind;
  description: string | null;
  status: MediaStatus;
  failureReason: string | null;
  mimeType: string | null;
  /** The media file's name beside the JSON; null when the record has no file. */
  mediaFile: string | null;
  durationSeconds: number | null;
  stickerSetName: string | null;
  stickerSetTitle: string | null;
  stickerName: string | null;
}

/** Names Troupe writes into a config directory: no directory parts, nothing hidden. */
const SAFE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,150}$/;

function requireSafeName(name: string): void {
  if (!SAFE_NAME.test(name) || name.includes('..')) {
    throw new Error(`"${name}" is not a name a media record or its file may have.`);
  }
}

async function writeAtomically(path: string, data: Uint8Array | string): Promise<void> {
  const temp = `${path}.${randomBytes(4).toString('hex')}.part`;
  await writeFile(temp, data);
  await rename(temp, path);
}

/** The record file as it is on disk, to keep the fields Troupe does not manage; {} when absent or unreadable. */
async function existingJson(path: string): Promise<Record<string, unknown>> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * Writes a curated record as `<configDir>/media/<uniqueId>.json` in the original agent's schema
 * (snake_case fields, so its tools read it too), with the media file beside it when `file` is
 * given. The file goes first and the JSON after, each through a temporary name, so a record never
 * names a file that is not there. Fields of an existing file that Troupe does not manage are kept.
 */
export async function writeCuratedRecord(
  configDir: string,
  fields: CuratedFields,
  file: { name: string; bytes: Uint8Array } | null,
): Promise<void> {
  requireSafeName(fields.uniqueId);
  if (file) requireSafeName(file.name);
  const dir = join(configDir, 'media');
  await mkdir(dir, { recursive: true });
  if (file) await writeAtomically(join(dir, file.name), file.bytes);
  const jsonPath = join(dir, `${fields.uniqueId}.json`);
  const isSticker = fields.kind === 'sticker';
  const record = {
    ...(await existingJson(jsonPath)),
    unique_id: fields.uniqueId,
    kind: fields.kind,
    description: fields.description,
    status: fields.status,
    failure_reason: fields.failureReason,
    mime_type: fields.mimeType,
    media_file: file?.name ?? fields.mediaFile,
    duration: fields.durationSeconds,
    ...(isSticker
      ? {
          sticker_set_name: fields.stickerSetName,
          sticker_set_title: fields.stickerSetTitle,
          sticker_name: fields.stickerName,
        }
      : {}),
    description_retry_count: 0,
  };
  await writeAtomically(jsonPath, `${JSON.stringify(record, null, 2)}\n`);
}

/** Removes a curated record: its JSON first (so nothing names a missing file), then its file. */
export async function deleteCuratedRecord(
  configDir: string,
  uniqueId: string,
  mediaFile: string | null,
): Promise<void> {
  requireSafeName(uniqueId);
  if (mediaFile) requireSafeName(mediaFile);
  const dir = join(configDir, 'media');
  await rm(join(dir, `${uniqueId}.json`), { force: true });
  if (mediaFile) await rm(join(dir, mediaFile), { force: true });
}
