import '../../media.css';
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { Network } from '../../../../../shared/api/conversation-contract';
import { EmptyBlock, ErrorState, LoadingState } from '../../../../ui/states';
import { NetworkSwitch } from '../../../agents/components/NetworkSwitch';
import { agentMediaPath } from '../../../agents/paths';
import type { LibraryOwner } from '../../library-model';
import { mediaSelectors } from '../../selectors';
import { type MediaLibrary, useMediaStore } from '../../store';
import { ConfigDirSelect } from '../ConfigDirSelect';
import { useConfigDirs } from '../useConfigDirs';
import { AddToLibrary } from './AddToLibrary';
import { LibraryItemCard } from './LibraryItemCard';

function intro(agentName: string, network: Network): string {
  return network === 'telegram'
    ? `The photos, videos and files ${agentName} keeps in its Saved Messages on Telegram: media it may send. A description is what the agent is told the file shows; an edit is saved as you type, as a curated record.`
    : `In the Simulator, ${agentName}'s media library is the curated media (photos, videos, files) of the config directories. A description edited here is saved as you type, as a curated record.`;
}

function NothingInLibrary({ owner }: { owner: LibraryOwner }) {
  return (
    <Paper withBorder radius="md">
      <EmptyBlock
        icon={<IconPhotoOff size={28} aria-hidden />}
        title={owner.network === 'telegram' ? 'Nothing in Saved Messages yet' : 'No curated media'}
        description={
          owner.network === 'telegram'
            ? `Add a file here, or save a photo, video or file to ${owner.agent}'s Saved Messages in Telegram.`
            : 'Photos, videos and files curated in the config directories’ media folders make up the library here.'
        }
      />
    </Paper>
  );
}

/** The library's items, or why there are none to show. */
function LibraryItems({
  owner,
  library,
  configDir,
}: {
  owner: LibraryOwner;
  library: MediaLibrary;
  configDir: string | null;
}) {
  const { loadLibrary } = useMediaStore(mediaSelectors.actions);
  const empty = library.items.length === 0;
  if (library.status === 'error' && empty) {
    return (
      <ErrorState
        title="The media library could not be loaded"
        message={library.error ?? 'Unknown error.'}
        onRetry={() => void loadLibrary(owner)}
      />
    );
  }
  if (library.status !== 'ready' && empty)
    return <LoadingState label="Loading the media library…" minHeight={120} />;
  if (empty) return <NothingInLibrary owner={owner} />;
  return (
    <Stack gap="xs">
      {library.error && (
        <Text size="xs" c="red.7" role="alert">
          Not refreshed: {library.error}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm" verticalSpacing={0}>
        {library.items.map((item) => (
          <LibraryItemCard
            key={item.uniqueId}
            owner={owner}
            item={item}
            configDir={configDir}
            problem={library.problems[item.uniqueId]}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The Media tab of an agent's page, per network: its media library (Saved Messages on Telegram)
 * with previews and descriptions edited in place, adding files and removing them. The Simulator's
 * library is the config directories' curated media, which the runtime refuses to change here:
 * its refusal is shown as the explanation.
 */
export function AgentMediaLibrary({
  configName,
  agentName,
  network,
}: {
  configName: string;
  agentName: string;
  network: Network;
}) {
  const [, navigate] = useLocation();
  const owner = useMemo(() => ({ agent: configName, network }), [configName, network]);
  const library = useMediaStore(useMemo(() => mediaSelectors.library(owner), [owner]));
  const { followLibrary } = useMediaStore(mediaSelectors.actions);
  useEffect(() => followLibrary(owner), [followLibrary, owner]);
  const configDirs = useConfigDirs();
  const [target, setTarget] = useState<string | null>(null);
  const configDir = target ?? configDirs[0] ?? null;
  const unreachable = library.status === 'error' && library.items.length === 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
        <Text size="sm" c="dimmed" maw={680}>
          {intro(agentName, network)}
        </Text>
        <NetworkSwitch
          value={network}
          onChange={(value) => navigate(agentMediaPath(configName, value), { replace: true })}
        />
      </Group>
      {/* Nothing can be added where the library cannot even be listed (not connected). */}
      {!unreachable && (
        <AddToLibrary
          owner={owner}
          aside={
            <ConfigDirSelect
              label="Config directory for edited descriptions"
              caption="Descriptions are saved to"
              configDirs={configDirs}
              value={configDir}
              onChange={setTarget}
              width={380}
            />
          }
        />
      )}
      <LibraryItems owner={owner} library={library} configDir={configDir} />
    </Stack>
  );
}
