import { Badge, Group, Text } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { MediaLocation } from '../../../../shared/api/media-contract';
import type { MediaEntry, MediaListRow } from '../model';
import { mediaListRows } from '../model';
import { DescribeMissingAction } from './DescribeMissingAction';
import { MediaRecordRow } from './MediaRecordRow';

/** Room the sticky toolbar takes above a row scrolled to. */
const TOOLBAR_ROOM = 150;

/** A set's title, short name and count; in one directory, a way to describe what it lacks. */
function SetHeading({
  row,
  location,
}: {
  row: Extract<MediaListRow, { kind: 'set' }>;
  location: MediaLocation | null;
}) {
  return (
    // The badges follow the title, on a line of their own when it leaves them no room.
    <Group gap="xs" className="me-set" wrap="wrap">
      <Text component="h2" size="sm" fw={650} truncate maw="100%">
        {row.title}
      </Text>
      {row.name !== null && row.name !== row.title && (
        <Badge size="sm" variant="default" ff="monospace" tt="none">
          {row.name}
        </Badge>
      )}
      <Badge size="sm" variant="light" color="gray" aria-label={`${row.count} records`}>
        {row.count}
      </Badge>
      {location && row.name !== null && row.missing > 0 && (
        <DescribeMissingAction location={location} setName={row.name} />
      )}
    </Group>
  );
}

/** Where the list starts on the page, so the window's scroll can be laid over its rows. */
function useOffsetTop(element: HTMLElement | null): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => setTop(element.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [element]);
  return top;
}

/**
 * The records, grouped by sticker set, drawn only where the window shows them: ten thousand
 * scroll like ten. A record a link named is scrolled to once it is listed.
 */
export function MediaRecordList({
  entries,
  configDirs,
  location,
  focusId,
}: {
  entries: MediaEntry[];
  configDirs: string[];
  /** The directory listed; null for every directory (each row then says where its record is). */
  location: MediaLocation | null;
  focusId: string | null;
}) {
  const rows = useMemo(() => mediaListRows(entries), [entries]);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const scrollMargin = useOffsetTop(element);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) => (rows[index]?.kind === 'set' ? 44 : 196),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 4,
    scrollMargin,
    scrollPaddingStart: TOOLBAR_ROOM,
  });

  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (focusId === null || scrolledTo.current === focusId) return;
    const index = rows.findIndex((row) => row.kind === 'record' && row.entry.record.uniqueId === focusId);
    if (index < 0) return;
    scrolledTo.current = focusId;
    virtualizer.scrollToIndex(index, { align: 'start' });
  }, [focusId, rows, virtualizer]);

  const items = virtualizer.getVirtualItems();
  return (
    <section
      ref={setElement}
      className="me-list"
      aria-label="Media records"
      style={{ height: virtualizer.getTotalSize() }}
    >
      <div
        className="me-rows"
        style={{ transform: `translateY(${(items[0]?.start ?? 0) - virtualizer.options.scrollMargin}px)` }}
      >
        {items.map((item) => {
          const row = rows[item.index]!;
          return (
            <div key={item.key} data-index={item.index} ref={virtualizer.measureElement}>
              {row.kind === 'set' ? (
                <SetHeading row={row} location={location} />
              ) : (
                <MediaRecordRow
                  entry={row.entry}
                  configDirs={configDirs}
                  showLocation={location === null}
                  focused={row.entry.record.uniqueId === focusId}
                />
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
