import { Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { FACT_CATEGORY_LABELS, groupFacts, type PersonRef, pastFactCount } from '../model';
import { memorySelectors } from '../selectors';
import { useMemoryStore } from '../store';
import { FactForm } from './FactForm';
import { FactRow } from './FactRow';
import { LoadableBody } from './LoadableBody';

/**
 * What the agent knows about a person, by category, as the prompt shows it under "What I know
 * about <name>"; with History, also the facts superseded or retracted, struck through.
 */
export function FactList({ person, name }: { person: PersonRef; name: string }) {
  const facts = useMemoryStore(useMemo(() => memorySelectors.facts(person), [person]));
  const { loadFacts, follow } = useMemoryStore(memorySelectors.actions);
  const [withHistory, setWithHistory] = useState(false);
  const [adding, setAdding] = useState(false);
  const headingId = useId();

  useEffect(() => follow('facts', person), [person, follow]);

  const groups = useMemo(() => groupFacts(facts.value, withHistory), [facts.value, withHistory]);
  const past = pastFactCount(facts.value);

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={3} id={headingId} fz="sm" fw={650}>
          What I know about {name}
        </Title>
        <Group gap="sm" wrap="nowrap">
          <Switch
            size="xs"
            label={past > 0 ? `History (${past})` : 'History'}
            checked={withHistory}
            onChange={(event) => setWithHistory(event.currentTarget.checked)}
            disabled={past === 0}
          />
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconPlus size={12} aria-hidden />}
            onClick={() => setAdding(true)}
            disabled={adding}
          >
            Add fact
          </Button>
        </Group>
      </Group>
      {adding && (
        <div className="mem-card">
          <FactForm person={person} onDone={() => setAdding(false)} />
        </div>
      )}
      <LoadableBody
        record={facts}
        isEmpty={groups.length === 0}
        what="facts"
        onRetry={() => void loadFacts(person)}
        empty={
          <Text size="sm" c="dimmed">
            Nothing known about {name} yet. Facts are read from quiet conversations and written by the agent
            as it learns; add one here to tell it.
          </Text>
        }
      >
        {groups.map((group) => (
          <Stack key={group.category} gap={2}>
            <Text size="xs" fw={650} c="dimmed" tt="uppercase" lts={0.4}>
              {FACT_CATEGORY_LABELS[group.category]}
            </Text>
            <ul className="mem-facts" aria-label={`${FACT_CATEGORY_LABELS[group.category]} facts`}>
              {group.facts.map((fact) => (
                <FactRow key={fact.id} person={person} set={facts.value} fact={fact} />
              ))}
            </ul>
          </Stack>
        ))}
      </LoadableBody>
    </Stack>
  );
}
