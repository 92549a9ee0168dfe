import { Badge, Button, Group, NavLink, Stack, Text, Tooltip } from '@mantine/core';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { DocumentEntry, DocumentPlace } from '../../../../shared/api/documents-contract';
import { joinNames } from '../../../../shared/domain/document-name';
import { samePlace } from '../model';
import { documentsSelectors } from '../selectors';
import { useDocumentsStore } from '../store';
import { DocumentActions } from './DocumentActions';
import { NewDocumentForm } from './NewDocumentForm';

function EntryBadges({ entry }: { entry: DocumentEntry }) {
  const users = entry.usedBy.map((agent) => agent.name);
  return (
    <Group gap={4} wrap="wrap">
      {users.length > 0 && (
        <Tooltip label={`Role prompt of ${joinNames(users)}`} multiline maw={280}>
          <Badge size="xs" tt="none" variant="light" color="teal">
            {users.length === 1 ? `used by ${users[0]}` : `used by ${users.length} agents`}
          </Badge>
        </Tooltip>
      )}
      {entry.shipped && (
        <Badge
          size="xs"
          tt="none"
          variant="light"
          color="gray"
          leftSection={<IconLock size={10} aria-hidden />}
        >
          shipped
        </Badge>
      )}
      {entry.overridesShipped && (
        <Badge size="xs" tt="none" variant="light" color={entry.sameAsShipped ? 'gray' : 'indigo'}>
          {entry.sameAsShipped ? 'copy of the shipped one' : 'overrides the shipped one'}
        </Badge>
      )}
      {entry.shadowedBy !== null && (
        <Tooltip
          label={`${entry.shadowedBy} comes first on the config path; its copy is used`}
          multiline
          maw={320}
        >
          <Badge size="xs" tt="none" variant="light" color="orange">
            not used
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

/**
 * One folder's documents: each opens in the editor, has its menu (not a shipped prompt: those are
 * changed by overriding them), and New… asks for a name.
 */
export function DocumentList({
  title,
  what,
  place,
  entries,
  targets,
  canCreate = true,
}: {
  title: string;
  /** "role prompt" or "document". */
  what: string;
  place: DocumentPlace;
  entries: readonly DocumentEntry[];
  targets: readonly DocumentPlace[];
  canCreate?: boolean;
}) {
  const open = useDocumentsStore(documentsSelectors.open);
  const actions = useDocumentsStore(documentsSelectors.actions);
  const [adding, setAdding] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);
  const names = entries.map((entry) => entry.name);
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {title}
        </Text>
        {canCreate && !adding && (
          <Button
            ref={newButton}
            size="compact-xs"
            variant="subtle"
            leftSection={<IconPlus size={12} aria-hidden />}
            onClick={() => setAdding(true)}
            aria-label={`New ${what} in ${title}`}
          >
            New
          </Button>
        )}
      </Group>
      {adding && (
        <NewDocumentForm
          place={place}
          what={what}
          taken={names}
          onDone={() => setAdding(false)}
          onCancel={() => {
            setAdding(false);
            // Back to the button that opened the form, which shows again.
            requestAnimationFrame(() => newButton.current?.focus());
          }}
        />
      )}
      {entries.length === 0 && !adding && (
        <Text size="xs" c="dimmed">
          None yet.
        </Text>
      )}
      {entries.map((entry) => (
        <Group key={entry.name} gap={4} wrap="nowrap" align="center">
          <NavLink
            component="button"
            type="button"
            style={{ flex: 1, borderRadius: 'var(--mantine-radius-sm)' }}
            py={4}
            active={open !== null && samePlace(open.place, place) && open.name === entry.name}
            label={
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {entry.name}
              </Text>
            }
            description={<EntryBadges entry={entry} />}
            onClick={() => void actions.open(place, entry.name)}
          />
          {!entry.shipped && <DocumentActions place={place} entry={entry} taken={names} targets={targets} />}
        </Group>
      ))}
    </Stack>
  );
}
