import { type ReactNode, useState } from 'react';
import type { MediaRecordView } from '../../../../shared/api/media-contract';
import { mediaSelectors } from '../selectors';
import { useMediaStore } from '../store';
import { ConfigDirSelect } from './ConfigDirSelect';
import { DescriptionField } from './DescriptionField';

/** The refusal when there is nowhere to write: the config path has no directory. */
export const NO_CONFIG_DIR = new Error('There is no config directory to write the description into.');

/**
 * A record's description, saved as the operator types (as a curated record): in the record's own
 * config directory, or for a cached record in the one the operator picks (the first by default).
 */
export function DescriptionEditor({
  entryKey,
  record,
  configDirs,
  footer,
}: {
  entryKey: string;
  record: MediaRecordView;
  configDirs: string[];
  /** Drawn under the field, before where edits go and how the save went. */
  footer?: ReactNode;
}) {
  const { setDescription } = useMediaStore(mediaSelectors.actions);
  const inCache = record.location.kind === 'cache';
  const [target, setTarget] = useState<string | null>(null);
  const configDir =
    record.location.kind === 'curated' ? record.location.configDir : (target ?? configDirs[0] ?? null);

  return (
    <DescriptionField
      uniqueId={record.uniqueId}
      saved={record.description ?? ''}
      failureReason={record.failureReason}
      save={(text) => (configDir ? setDescription(entryKey, text, configDir) : Promise.reject(NO_CONFIG_DIR))}
      footer={
        <>
          {footer}
          {inCache && (
            <ConfigDirSelect
              label={`Config directory for the description of ${record.uniqueId}`}
              configDirs={configDirs}
              value={configDir}
              onChange={setTarget}
            />
          )}
        </>
      }
    />
  );
}
