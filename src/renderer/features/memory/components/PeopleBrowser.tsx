import { Badge, Grid, NavLink, Text } from '@mantine/core';
import { IconUser, IconUsers } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'wouter';
import type { KnownPersonView } from '../../../../shared/api/memory-contract';
import { EmptyBlock, ErrorState, LoadingState } from '../../../ui/states';
import { agentMemoryPath } from '../../agents/paths';
import type { AgentNetworkRef, PersonRef } from '../model';
import { memorySelectors } from '../selectors';
import { useMemoryStore } from '../store';
import { PersonMemory } from './PersonMemory';

function personName(
  person: Pick<KnownPersonView, 'name' | 'partnerId'> | undefined,
  partnerId: number,
): string {
  return person?.name ?? `Person ${partnerId}`;
}

function PeopleList({
  owner,
  people,
  selected,
}: {
  owner: AgentNetworkRef;
  people: KnownPersonView[];
  selected: number | null;
}) {
  return (
    <nav aria-label="People">
      <ul className="mem-person-list">
        {people.map((person) => (
          <li key={person.partnerId}>
            <NavLink
              component={Link}
              href={agentMemoryPath(owner.agent, owner.network, person.partnerId)}
              label={personName(person, person.partnerId)}
              description={person.name === null ? `user ${person.partnerId}` : undefined}
              leftSection={<IconUser size={16} aria-hidden />}
              rightSection={
                <Badge size="xs" variant="light" color="gray" aria-label={`${person.factCount} facts`}>
                  {person.factCount}
                </Badge>
              }
              active={person.partnerId === selected}
              aria-current={person.partnerId === selected ? 'page' : undefined}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The people an agent knows facts about, and the one picked (`partnerId`, from the address):
 * their profile and facts. A person with no facts yet (a chat's partner) can be opened too.
 */
export function PeopleBrowser({ owner, partnerId }: { owner: AgentNetworkRef; partnerId: number | null }) {
  const people = useMemoryStore(useMemo(() => memorySelectors.people(owner), [owner]));
  const { loadPeople, follow } = useMemoryStore(memorySelectors.actions);
  useEffect(() => follow('people', owner), [owner, follow]);

  // Without a pick, the first person is shown.
  const shown = partnerId ?? people.value[0]?.partnerId ?? null;
  const person: PersonRef | null = useMemo(
    () => (shown === null ? null : { ...owner, partnerId: shown }),
    [owner, shown],
  );

  if (people.status === 'error' && people.value.length === 0) {
    return (
      <ErrorState
        title="The people could not be loaded"
        message={people.error ?? 'Unknown error.'}
        onRetry={() => void loadPeople(owner)}
      />
    );
  }
  if (people.status !== 'ready' && people.value.length === 0)
    return <LoadingState label="Loading people…" minHeight={120} />;
  if (people.value.length === 0 && person === null) {
    return (
      <EmptyBlock
        icon={<IconUsers size={26} aria-hidden />}
        title="No one known yet"
        description="People appear here once the agent knows a fact about them, read from quiet conversations or nightly reflection. To tell it one yourself, open a direct chat's Memory panel and follow the link to the person."
      />
    );
  }
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        {people.value.length === 0 ? (
          <Text size="sm" c="dimmed">
            No one else is known yet.
          </Text>
        ) : (
          <PeopleList owner={owner} people={people.value} selected={shown} />
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        {person ? (
          <PersonMemory
            key={person.partnerId}
            person={person}
            name={personName(
              people.value.find((known) => known.partnerId === person.partnerId),
              person.partnerId,
            )}
          />
        ) : (
          <Text size="sm" c="dimmed" py="md">
            Pick a person to see how the agent sees them and what it knows about them.
          </Text>
        )}
      </Grid.Col>
    </Grid>
  );
}
