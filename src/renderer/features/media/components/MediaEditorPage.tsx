import '../media.css';
import { Button, Paper } from '@mantine/core';
import { IconPhotoOff, IconSearchOff } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { PageHeader } from '../../../ui/PageHeader';
import { EmptyBlock, ErrorState, LoadingState } from '../../../ui/states';
import { configDirsOf } from '../model';
import { mediaSelectors } from '../selectors';
import { useMediaStore } from '../store';
import { DescribeAllMissingAction } from './DescribeMissingAction';
import { ImportSetAction } from './ImportSetAction';
import { JobsPanel } from './JobsPanel';
import { MediaRecordList } from './MediaRecordList';
import { MediaToolbar } from './MediaToolbar';
import { RemoveUnusedAction } from './RemoveUnusedAction';

/** Nothing listed: for a link to one file, for a search, or in an empty directory. */
function NothingListed() {
  const query = useMediaStore(mediaSelectors.query);
  const focusId = useMediaStore(mediaSelectors.focusId);
  const { setSearch, setFilter } = useMediaStore(mediaSelectors.actions);
  const narrowed = query.search !== '' || query.filter !== 'all';
  if (!narrowed) {
    return (
      <EmptyBlock
        icon={<IconPhotoOff size={28} aria-hidden />}
        title="No media here yet"
        description="Files agents see are described as they come and kept in the description cache; curated records live in each config directory's media folder."
      />
    );
  }
  return (
    <EmptyBlock
      icon={<IconSearchOff size={28} aria-hidden />}
      title={focusId ? `No record describes ${focusId} yet` : 'Nothing matches'}
      description={
        focusId
          ? 'The file has not been described: it is, once an agent sees it in a turn.'
          : 'No record of this type has all of these words in its id, set, name or description.'
      }
    >
      <Button
        variant="default"
        onClick={() => {
          setSearch('');
          setFilter('all');
        }}
      >
        Show all media
      </Button>
    </EmptyBlock>
  );
}

function MediaRecords() {
  const list = useMediaStore(mediaSelectors.list);
  const directories = useMediaStore(mediaSelectors.directories);
  const query = useMediaStore(mediaSelectors.query);
  const focusId = useMediaStore(mediaSelectors.focusId);
  const { loadList } = useMediaStore(mediaSelectors.actions);
  const configDirs = useMemo(() => configDirsOf(directories.value), [directories.value]);

  if (list.status === 'error' && list.entries.length === 0) {
    return (
      <ErrorState
        title="The media records could not be loaded"
        message={list.error ?? 'Unknown error.'}
        onRetry={() => void loadList()}
      />
    );
  }
  if (list.status !== 'ready') return <LoadingState label="Loading media…" />;
  if (list.entries.length === 0) {
    return (
      <Paper withBorder radius="md">
        <NothingListed />
      </Paper>
    );
  }
  return (
    <MediaRecordList
      entries={list.entries}
      configDirs={configDirs}
      location={query.location}
      focusId={focusId}
    />
  );
}

/**
 * The media-description editor: every description agents are given of the files they see, by
 * config directory and in the description cache, to preview, correct (saved as curated records),
 * describe again, move, delete and tidy; jobs import sticker sets and describe what is missing.
 * `uniqueId` (a link from a message) opens it on one file.
 */
export function MediaEditorPage({ uniqueId = null }: { uniqueId?: string | null }) {
  const { follow, openRecord } = useMediaStore(mediaSelectors.actions);
  // The linked file first, so that the first load already looks for it.
  useEffect(() => {
    if (uniqueId) openRecord(uniqueId);
  }, [uniqueId, openRecord]);
  useEffect(() => follow(), [follow]);

  return (
    <>
      <PageHeader
        title="Media"
        description="What agents are told the files they see show. A correction is curated into a config directory."
        actions={
          <>
            <ImportSetAction />
            <DescribeAllMissingAction />
            <RemoveUnusedAction />
          </>
        }
      />
      <JobsPanel />
      <MediaToolbar />
      <MediaRecords />
    </>
  );
}
