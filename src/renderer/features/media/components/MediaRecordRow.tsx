import { Badge, Text, Tooltip } from '@mantine/core';
import { memo } from 'react';
import { mediaFilePath } from '../../../../shared/api/media-contract';
import { MediaView } from '../../../ui/media/MediaView';
import { formatBytes, formatDuration } from '../../../ui/media/media-display';
import { PathText } from '../../../ui/PathText';
import { locationLabel, type MediaEntry, recordTitle, STATUS_BADGES } from '../model';
import { DescriptionEditor } from './DescriptionEditor';
import { RecordActions, RecordProblem } from './RecordActions';

/** Type, size and length, as far as they are known. */
function factsOf(record: MediaEntry['record']): string {
  return [
    record.mimeType,
    record.fileSize === null ? null : formatBytes(record.fileSize),
    record.durationSeconds === null ? null : formatDuration(record.durationSeconds),
  ]
    .filter(Boolean)
    .join(' · ');
}

function RecordBadges({ record }: { record: MediaEntry['record'] }) {
  const status = STATUS_BADGES[record.status];
  return (
    <div className="me-record-badges">
      <Tooltip label={status.hint} openDelay={300}>
        <Badge size="sm" variant="light" color={status.color}>
          {status.label}
        </Badge>
      </Tooltip>
      {!record.effective && (
        <Tooltip label="Another copy of this file's record wins: agents are told that one" openDelay={300}>
          <Badge size="sm" variant="outline" color="gray">
            Overridden
          </Badge>
        </Tooltip>
      )}
      {record.savedBy.length > 0 && (
        <Tooltip
          label="In these agents' Saved Messages: it cannot be deleted"
          openDelay={300}
          multiline
          maw={260}
        >
          <Badge size="sm" variant="light" color="grape">
            Saved by {record.savedBy.join(', ')}
          </Badge>
        </Tooltip>
      )}
    </div>
  );
}

/**
 * One record of the editor: its preview (any kind; TGS stickers play), id, set and name, status,
 * who keeps it in Saved Messages, its description saved as typed, and its actions.
 */
export const MediaRecordRow = memo(function MediaRecordRow({
  entry,
  configDirs,
  showLocation,
  focused,
}: {
  entry: MediaEntry;
  configDirs: string[];
  /** Every directory is listed: say which one this copy is in. */
  showLocation: boolean;
  /** The record a link opened the editor on. */
  focused: boolean;
}) {
  const { key, record } = entry;
  const title = recordTitle(record);
  const facts = factsOf(record);
  return (
    <article
      className="me-record"
      aria-label={`${title}, ${record.uniqueId}`}
      data-focused={focused || undefined}
    >
      <MediaView
        src={record.hasFile ? mediaFilePath({ kind: 'stored', uniqueId: record.uniqueId }) : null}
        kind={record.kind}
        mimeType={record.mimeType}
        fileSize={record.fileSize}
        description={record.description}
        failureReason={record.failureReason}
        variant="tile"
      />
      <div className="me-record-main">
        <div className="me-record-top">
          <div className="me-record-heading">
            <Text size="sm" fw={600} truncate>
              {title}
            </Text>
            <Text size="xs" ff="monospace" c="dimmed" truncate>
              {record.uniqueId}
              {facts && ` · ${facts}`}
            </Text>
            {showLocation &&
              (record.location.kind === 'cache' ? (
                <Text size="xs" c="dimmed">
                  {locationLabel(record.location)}
                </Text>
              ) : (
                <PathText path={record.location.configDir} />
              ))}
          </div>
          <RecordBadges record={record} />
        </div>
        <DescriptionEditor
          entryKey={key}
          record={record}
          configDirs={configDirs}
          footer={<RecordActions entryKey={key} record={record} configDirs={configDirs} />}
        />
        <RecordProblem entryKey={key} />
      </div>
    </article>
  );
});
