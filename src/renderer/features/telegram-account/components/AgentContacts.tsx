import { Anchor, Badge, Button, Checkbox, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { IconMessage, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { Contact } from '../../../../shared/api/telegram-account-contract';
import { EmptyBlock } from '../../../ui/states';
import { conversationsPath } from '../../conversations/paths';
import { telegramAccountSelectors } from '../selectors';
import { useTelegramAccountStore } from '../store';
import { PendingPart, useAccountPart } from './AccountPart';
import { SignedOutNotice } from './AgentProfile';
import { PeerName } from './PeerName';
import { useAccountAction } from './use-account-action';

function ContactMarks({ contact }: { contact: Contact }) {
  return (
    <Group gap={4}>
      {contact.deleted && (
        <Badge size="xs" color="gray">
          Deleted account
        </Badge>
      )}
      {contact.blocked && (
        <Badge size="xs" color="red" variant="light">
          Blocked
        </Badge>
      )}
      {contact.mutual && (
        <Badge size="xs" variant="light">
          Mutual
        </Badge>
      )}
    </Group>
  );
}

function DeleteContactsDialog({
  names,
  opened,
  busy,
  onClose,
  onConfirm,
}: {
  names: string[];
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const shown = names.slice(0, 5).join(', ') + (names.length > 5 ? ` and ${names.length - 5} more` : '');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={names.length === 1 ? 'Delete this contact?' : `Delete ${names.length} contacts?`}
    >
      <Stack gap="md">
        <Text size="sm">
          {shown} will be removed from the agent’s Telegram contacts. Their conversations stay.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The agent page's Contacts tab: the account's contacts, each opening its conversation; delete one or many. */
export function AgentContacts({ configName, agentName }: { configName: string; agentName: string }) {
  const contacts = useTelegramAccountStore(
    useMemo(() => telegramAccountSelectors.contacts(configName), [configName]),
  );
  const { loadContacts, deleteContacts } = useTelegramAccountStore(telegramAccountSelectors.actions);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  /** The names the confirmation asks about, kept while it closes; null when it is not open. */
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const remove = useAccountAction();
  const { signedIn } = useAccountPart(configName, loadContacts);

  if (!signedIn) return <SignedOutNotice agentName={agentName} what="its contacts" />;
  if (contacts.value === null)
    return (
      <PendingPart loaded={contacts} what="the contacts" onRetry={() => void loadContacts(configName)} />
    );
  const list = contacts.value;
  if (list.length === 0)
    return (
      <EmptyBlock
        icon={<IconMessage size={28} aria-hidden />}
        title="No contacts"
        description={`${agentName}'s Telegram account has no contacts. Add one from a conversation's Profile tab.`}
      />
    );
  const chosen = list.filter((contact) => selected.has(contact.userId));
  const toggle = (userId: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(userId);
      else next.delete(userId);
      return next;
    });
  const confirm = async () => {
    const ok = await remove.run(() =>
      deleteContacts(
        configName,
        chosen.map((contact) => contact.userId),
      ),
    );
    setConfirming(null);
    if (ok) setSelected(new Set());
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {list.length} contact{list.length === 1 ? '' : 's'} on Telegram
        </Text>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} aria-hidden />}
          disabled={chosen.length === 0}
          onClick={() => setConfirming(chosen.map((contact) => contact.name))}
        >
          {chosen.length > 0 ? `Delete ${chosen.length} selected` : 'Delete selected'}
        </Button>
      </Group>
      {remove.error && (
        <Text size="sm" c="red" role="alert">
          {remove.error}
        </Text>
      )}
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        <Table verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select every contact"
                  checked={chosen.length === list.length}
                  indeterminate={chosen.length > 0 && chosen.length < list.length}
                  onChange={(event) =>
                    setSelected(
                      new Set(event.currentTarget.checked ? list.map((contact) => contact.userId) : []),
                    )
                  }
                />
              </Table.Th>
              <Table.Th>Contact</Table.Th>
              <Table.Th visibleFrom="sm">Phone</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((contact) => (
              <Table.Tr key={contact.userId}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${contact.name}`}
                    checked={selected.has(contact.userId)}
                    onChange={(event) => toggle(contact.userId, event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <PeerName
                    configName={configName}
                    peerId={contact.userId}
                    photoId={contact.photoId}
                    name={contact.name}
                  >
                    {contact.username && (
                      <Text size="xs" c="dimmed">
                        @{contact.username}
                      </Text>
                    )}
                    {/* Where the Phone column is hidden. */}
                    {contact.phone && (
                      <Text size="xs" ff="monospace" hiddenFrom="sm">
                        {contact.phone}
                      </Text>
                    )}
                    <ContactMarks contact={contact} />
                  </PeerName>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" ff="monospace">
                    {contact.phone ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} href={conversationsPath(configName, contact.userId)} size="sm">
                    Open conversation
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <DeleteContactsDialog
        names={confirming ?? []}
        opened={confirming !== null}
        busy={remove.busy}
        onClose={() => setConfirming(null)}
        onConfirm={() => void confirm()}
      />
    </Stack>
  );
}
