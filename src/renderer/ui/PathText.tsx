import { Text, type TextProps, Tooltip } from '@mantine/core';
import { Fragment } from 'react';
import { splitPath } from './format';

/** The directory with a line-break opportunity after each separator, so long paths wrap there. */
function BreakableDir({ dir }: { dir: string }) {
  const parts = dir.split(/(?<=[/\\])/);
  return parts.map((part, index) => (
    // Segments repeat (`/a/a/`) and never move, so their position is their identity.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={index}>
      {part}
      <wbr />
    </Fragment>
  ));
}

/**
 * A file path in monospace: the directory dimmed, the file name (and line) in full colour, so
 * the part an operator looks for stands out in long absolute paths.
 */
export function PathText({ path, line, ...textProps }: { path: string; line?: number | null } & TextProps) {
  const { dir, base } = splitPath(path);
  const location = line ? `${path}:${line}` : path;
  return (
    <Tooltip label={location} openDelay={500} multiline maw={560}>
      <Text component="span" ff="monospace" size="xs" className="troupe-path" {...textProps}>
        <Text component="span" inherit c="dimmed">
          <BreakableDir dir={dir} />
        </Text>
        <Text component="span" inherit fw={600}>
          {base}
          {line ? `:${line}` : ''}
        </Text>
      </Text>
    </Tooltip>
  );
}
