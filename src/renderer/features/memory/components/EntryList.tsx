import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import type { MemoryEntry } from '../../../../shared/domain/memory';
import { errorMessage, fieldErrors } from '../../../api/errors';
import { ConfirmAction } from '../../../ui/ConfirmAction';
import { formatDateTime } from '../../../ui/format';
import { type MemoryListRef, SCOPE_LABELS, shortDate } from '../model';
import { memorySelectors } from '../selectors';
import { useMemoryStore } from '../store';
import { LoadableBody } from './LoadableBody';
import { reportFailure } from './notices';
import { SaveStatus } from './SaveStatus';
import { autoSaveField, useAutoSave } from './useAutoSave';

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One entry, edited in place and saved as the operator types. */
function EntryRow({ listRef, entry, index }: { listRef: MemoryListRef; entry: MemoryEntry; index: number }) {
  const { putEntry, deleteEntry } = useMemoryStore(memorySelectors.actions);
  const noun = SCOPE_LABELS[listRef.scope].one;
  const auto = useAutoSave({
    saved: entry.content,
    save: (content) => putEntry(listRef, { id: entry.id, content }),
    field: 'entry.content',
    what: `The ${noun}`,
  });

  const remove = () => {
    // A draft still waiting to be saved would bring the entry back.
    auto.discard();
    return deleteEntry(listRef, entry.id).catch(reportFailure(`The ${noun} was not deleted`));
  };

  return (
    <li className="mem-entry" data-invalid={auto.error ? '' : undefined}>
      <Textarea
        variant="unstyled"
        autosize
        minRows={1}
        maxRows={14}
        size="sm"
        aria-label={`${capitalized(noun)} ${index + 1}`}
        {...autoSaveField(auto)}
        styles={{ input: { paddingBlock: 2 } }}
      />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" truncate title={formatDateTime(entry.created)}>
          {shortDate(entry.created)}
          {entry.creationChannelName ? ` · in ${entry.creationChannelName}` : ''}
        </Text>
        <Group gap={6} wrap="nowrap">
          <SaveStatus saving={auto.saving} savedAt={auto.savedAt} />
          <ConfirmAction
            label={`Delete this ${noun}`}
            icon={<IconTrash size={15} aria-hidden />}
            question={`Delete this ${noun}? The agent forgets it.`}
            confirmLabel="Delete"
            onConfirm={remove}
          />
        </Group>
      </Group>
    </li>
  );
}

/** Adds an entry: Enter adds, Shift+Enter starts a new line. */
function NewEntry({ listRef }: { listRef: MemoryListRef }) {
  const { putEntry } = useMemoryStore(memorySelectors.actions);
  const { one: noun, a: aNoun } = SCOPE_LABELS[listRef.scope];
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const add = async (event?: FormEvent) => {
    event?.preventDefault();
    if (adding || text.trim() === '') return;
    setAdding(true);
    try {
      await putEntry(listRef, { content: text });
      setText('');
      setError(null);
    } catch (caught) {
      setError(fieldErrors(caught)['entry.content'] ?? errorMessage(caught));
    } finally {
      setAdding(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void add(event);
  };

  return (
    <form onSubmit={(event) => void add(event)} noValidate aria-label={`Add ${aNoun}`}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Textarea
          flex={1}
          autosize
          minRows={1}
          maxRows={8}
          size="sm"
          aria-label={`New ${noun}`}
          placeholder={`Add ${aNoun}…`}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          error={error}
        />
        <Button
          type="submit"
          size="sm"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          loading={adding}
          disabled={text.trim() === ''}
        >
          Add
        </Button>
      </Group>
    </form>
  );
}

/**
 * One of the agent's lists (memories, intentions) or a conversation's (notes, plans): every entry
 * editable in place, saved as the operator types, deletable, and a field to add one.
 */
export function EntryList({ listRef }: { listRef: MemoryListRef }) {
  const select = useMemo(() => memorySelectors.list(listRef), [listRef]);
  const list = useMemoryStore(select);
  const { loadList, follow } = useMemoryStore(memorySelectors.actions);
  const labels = SCOPE_LABELS[listRef.scope];

  useEffect(() => follow('lists', listRef), [listRef, follow]);

  return (
    <Stack gap="sm">
      <LoadableBody
        record={list}
        isEmpty={list.value.length === 0}
        what={labels.title.toLowerCase()}
        onRetry={() => void loadList(listRef)}
        empty={
          <Text size="sm" c="dimmed">
            {labels.empty}
          </Text>
        }
      >
        <ul className="mem-entries" aria-label={labels.title}>
          {list.value.map((entry, index) => (
            <EntryRow key={entry.id} listRef={listRef} entry={entry} index={index} />
          ))}
        </ul>
      </LoadableBody>
      <NewEntry listRef={listRef} />
    </Stack>
  );
}
