import type {
  MediaDirectory,
  MediaFilter,
  MediaLocation,
  MediaRecordView,
} from '../../../shared/api/media-contract';
import type { MediaStatus } from '../../../shared/domain/config';
import { mediaLabel } from '../../ui/chat/media-label';

export const FILTER_LABELS: Record<MediaFilter, string> = {
  all: 'All',
  stickers: 'Stickers',
  animated: 'Animated',
  video: 'Video',
  photos: 'Photos',
  audio: 'Audio',
  other: 'Other',
};

export const STATUS_BADGES: Record<MediaStatus, { label: string; color: string; hint: string }> = {
  curated: { label: 'Curated', color: 'teal', hint: 'Written or checked by an operator' },
  generated: { label: 'Generated', color: 'indigo', hint: 'Described by the media model' },
  budget_exhausted: {
    label: 'Waiting',
    color: 'yellow',
    hint: 'Not described yet: the turn had no budget left; a later turn tries again',
  },
  temporary_failure: {
    label: 'Failed, will retry',
    color: 'orange',
    hint: 'The media model failed; a later turn tries again',
  },
  permanent_failure: { label: 'Failed', color: 'red', hint: 'The media model could not describe it' },
  unsupported: { label: 'Unsupported', color: 'gray', hint: 'No model here can look at this kind of file' },
};

/** Where a record lives, as a string: `cache`, or `dir:<path>`; `all` for every location. */
export function locationKey(location: MediaLocation | null): string {
  if (location === null) return 'all';
  return location.kind === 'cache' ? 'cache' : `dir:${location.configDir}`;
}

export function locationOfKey(key: string): MediaLocation | null {
  if (key === 'cache') return { kind: 'cache' };
  if (key.startsWith('dir:')) return { kind: 'curated', configDir: key.slice(4) };
  return null;
}

export function sameLocation(a: MediaLocation, b: MediaLocation): boolean {
  return locationKey(a) === locationKey(b);
}

/** A record's copy in one place: the same id may be curated in a directory and cached too. */
export function copyKey(record: Pick<MediaRecordView, 'uniqueId' | 'location'>): string {
  return `${record.uniqueId}@${locationKey(record.location)}`;
}

/** The config directories among the places records live, in the config path's order. */
export function configDirsOf(directories: readonly MediaDirectory[]): string[] {
  return directories.flatMap(({ location }) => (location.kind === 'curated' ? [location.configDir] : []));
}

/** Paths up to this long are shown whole where a config directory is picked. */
const SHORT_PATH = 28;
/** A long path's end is shown with as many more segments as fit in this many characters. */
const END_ROOM = 24;

/**
 * A config directory as the picker shows it: a short path whole, a long one by its distinctive end
 * (`…/troupe/configdir`): the segments that tell it from the others, and more while they fit.
 */
export function configDirLabel(configDir: string, configDirs: readonly string[]): string {
  if (configDir.length <= SHORT_PATH) return configDir;
  const segmentsOf = (path: string) => path.replace(/[/\\]+$/, '').split(/[/\\]/);
  const endOf = (segments: string[], count: number) => segments.slice(-count).join('/');
  const segments = segmentsOf(configDir);
  const others = configDirs.filter((dir) => dir !== configDir).map(segmentsOf);
  const separator = configDir.includes('/') ? '/' : '\\';
  const label = (count: number) => `…${separator}${segments.slice(-count).join(separator)}`;
  let count = 1;
  while (count < segments.length - 1) {
    const distinct = others.every((other) => endOf(other, count) !== endOf(segments, count));
    if (distinct && label(count + 1).length > END_ROOM) break;
    count++;
  }
  // An end as long as the path (all but its root) says no less than the path itself.
  return count < segments.length - 1 ? label(count) : configDir;
}

/**
 * The config directories a record may be moved into (all but its own), each with the short label
 * the directory picker gives it among all of them.
 */
export function moveTargetsOf(
  location: MediaLocation,
  configDirs: readonly string[],
): Array<{ configDir: string; label: string }> {
  return configDirs
    .filter((dir) => location.kind === 'cache' || dir !== location.configDir)
    .map((configDir) => ({ configDir, label: configDirLabel(configDir, configDirs) }));
}

/** How the editor names where a record lives. */
export function locationLabel(location: MediaLocation): string {
  return location.kind === 'cache' ? 'Description cache' : location.configDir;
}

/**
 * Whether the media model could still describe a record (what a describe-missing job takes):
 * it has no description, and neither an operator nor its format settled that.
 */
export function needsDescription(record: MediaRecordView): boolean {
  return !record.description?.trim() && record.status !== 'curated' && record.status !== 'unsupported';
}

/** One row the editor's list draws: a sticker set's heading, or one record of it. */
export type MediaListRow =
  | {
      kind: 'set';
      key: string;
      title: string;
      name: string | null;
      count: number;
      /** Records listed under it that have no description the model could give. */
      missing: number;
    }
  | { kind: 'record'; key: string; entry: MediaEntry };

/** A record as the list shows it, under a key that stays while its copy changes place (see the store). */
export type MediaEntry = { key: string; record: MediaRecordView };

/**
 * The list's rows: records grouped by sticker set (each set under a heading with its count, in
 * the order the sets first come), then the records in no set.
 */
export function mediaListRows(entries: readonly MediaEntry[]): MediaListRow[] {
  const groups = new Map<string | null, MediaEntry[]>();
  for (const entry of entries) {
    const set = entry.record.stickerSetName;
    const group = groups.get(set);
    if (group) group.push(entry);
    else groups.set(set, [entry]);
  }
  const ordered = [...groups].sort(([a], [b]) => Number(a === null) - Number(b === null));
  return ordered.flatMap(([name, group]) => [
    {
      kind: 'set' as const,
      key: `set:${name ?? ''}`,
      title: name === null ? 'Not in a sticker set' : (group[0]!.record.stickerSetTitle ?? name),
      name,
      count: group.length,
      missing: group.filter((entry) => needsDescription(entry.record)).length,
    },
    ...group.map((entry) => ({ kind: 'record' as const, key: entry.key, entry })),
  ]);
}

/** What the row's heading calls a record: a sticker's name and set, else its kind. */
export function recordTitle(record: MediaRecordView): string {
  if (record.kind !== 'sticker') return mediaLabel(record.kind);
  const set = record.stickerSetTitle ?? record.stickerSetName;
  return [record.stickerName, set].filter(Boolean).join(' · ') || 'Sticker';
}

/**
 * The list's entries from the records a load returned, each under its copy's key. A copy the
 * operator promoted (curated from the cache, see the store) takes the place of the cached one,
 * fresh from the load when the load has it; it is not listed a second time.
 */
export function entriesOf(
  records: readonly MediaRecordView[],
  promoted: Readonly<Record<string, MediaRecordView>>,
): MediaEntry[] {
  const byCopy = new Map(records.map((record) => [copyKey(record), record]));
  const promotedCopies = new Set(
    Object.entries(promoted).flatMap(([key, record]) => (byCopy.has(key) ? [copyKey(record)] : [])),
  );
  return records.flatMap((record) => {
    const key = copyKey(record);
    const shown = promoted[key];
    if (shown) return [{ key, record: byCopy.get(copyKey(shown)) ?? shown }];
    return promotedCopies.has(key) ? [] : [{ key, record }];
  });
}

/** The entries with `key` showing `record`, and no other entry showing the same copy. */
export function withRecord(
  entries: readonly MediaEntry[],
  key: string,
  record: MediaRecordView,
): MediaEntry[] {
  const copy = copyKey(record);
  return entries.flatMap((entry) => {
    if (entry.key === key) return [{ key, record }];
    return copyKey(entry.record) === copy ? [] : [entry];
  });
}
