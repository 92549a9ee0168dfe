import { Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'wouter';
import { chatPath } from '../../conversations/paths';
import type { PersonRef } from '../model';
import { FactList } from './FactList';
import { ProfileCard } from './ProfileCard';

/** Everything an agent keeps about one person: the profile beside the facts. */
export function PersonMemory({ person, name }: { person: PersonRef; name: string }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={0}>
          <Title order={3} fz="lg" fw={650}>
            {name}
          </Title>
          <Text size="xs" c="dimmed" ff="monospace">
            user {person.partnerId}
          </Text>
        </Stack>
        <Anchor component={Link} href={chatPath(person.network, person.agent, person.partnerId)} size="sm">
          <Group gap={4} component="span">
            <IconMessageCircle size={15} aria-hidden />
            Open the chat
          </Group>
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl" verticalSpacing="lg">
        <ProfileCard person={person} name={name} />
        <FactList person={person} name={name} />
      </SimpleGrid>
    </Stack>
  );
}
