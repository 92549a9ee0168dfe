import '../memory.css';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import type { Network } from '../../../../shared/api/conversation-contract';
import { Section } from '../../../ui/Section';
import { NetworkSwitch } from '../../agents/components/NetworkSwitch';
import { agentMemoryPath } from '../../agents/paths';
import { NETWORK_PLACES } from '../../conversations/model';
import { agentListRefs } from '../model';
import { EntryList } from './EntryList';
import { PeopleBrowser } from './PeopleBrowser';

/**
 * The Memory tab of an agent's page, on one network at a time (what it learns rehearsing in the
 * Simulator stays apart from Telegram): its memories and intentions, edited in place, and the
 * people it knows with their profiles and facts. The network and the person are in the address.
 */
export function AgentMemory({
  configName,
  agentName,
  network,
  partnerId,
}: {
  configName: string;
  agentName: string;
  network: Network;
  partnerId: number | null;
}) {
  const [, navigate] = useLocation();
  const owner = useMemo(() => ({ agent: configName, network }), [configName, network]);
  const [memories, intentions] = useMemo(() => agentListRefs(owner), [owner]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" maw={640}>
          What {agentName} remembers {NETWORK_PLACES[network]}. Edits are saved as you type and apply from the
          agent's next turn.
        </Text>
        <NetworkSwitch
          value={network}
          onChange={(value) => navigate(agentMemoryPath(configName, value), { replace: true })}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="lg">
        <Section title="Memories">
          <EntryList listRef={memories!} />
        </Section>
        <Section title="Intentions">
          <EntryList listRef={intentions!} />
        </Section>
      </SimpleGrid>
      <Section title="People">
        <PeopleBrowser owner={owner} partnerId={partnerId} />
      </Section>
    </Stack>
  );
}
