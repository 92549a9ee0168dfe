import { Group, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { MemorySummary } from '../../../../shared/domain/memory';
import type { ConversationRef } from '../model';
import { memorySelectors } from '../selectors';
import { useMemoryStore } from '../store';
import { FormFooter } from './FormFooter';
import { useApiForm } from './useApiForm';

type RangeField = 'minMessageId' | 'maxMessageId';
type Draft = { content: string } & Record<RangeField, number | string>;

const RANGE_FIELDS: Array<{ field: RangeField; label: string }> = [
  { field: 'minMessageId', label: 'First message' },
  { field: 'maxMessageId', label: 'Last message' },
];
/** Where an operator finds the ids the range asks for. */
const RANGE_HINT = 'Message ids: hover over a message’s time in the chat to see its #id.';

/**
 * Writes or revises a summary of a conversation: its words and the messages it covers. The
 * runtime keeps the range to the messages it holds; what it refuses is shown under the field it
 * names, or above the buttons.
 */
export function SummaryEditor({
  conversation,
  summary,
  initialRange,
  onDone,
}: {
  conversation: ConversationRef;
  /** The summary to revise; none for a new one. */
  summary?: MemorySummary;
  /** A new summary's first guess of its range. */
  initialRange?: { minMessageId?: number; maxMessageId?: number };
  onDone: () => void;
}) {
  const { putSummary } = useMemoryStore(memorySelectors.actions);
  const form = useApiForm();
  const [draft, setDraft] = useState<Draft>({
    content: summary?.content ?? '',
    minMessageId: summary?.minMessageId ?? initialRange?.minMessageId ?? '',
    maxMessageId: summary?.maxMessageId ?? initialRange?.maxMessageId ?? '',
  });
  const edit = (change: Partial<Draft>, field: keyof Draft) => {
    setDraft((current) => ({ ...current, ...change }));
    form.clear(`summary.${field}`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { content, minMessageId, maxMessageId } = draft;
    // A new summary has nothing to delete: the runtime's "or delete the entry" is for a revision.
    if (!summary && content.trim() === '') {
      form.invalid({ 'summary.content': 'Write what the messages were about.' });
      return;
    }
    if (typeof minMessageId !== 'number' || typeof maxMessageId !== 'number') {
      const missing = RANGE_FIELDS.filter(({ field }) => typeof draft[field] !== 'number');
      form.invalid(
        Object.fromEntries(missing.map(({ field }) => [`summary.${field}`, 'Enter a message id.'])),
      );
      return;
    }
    const id = summary ? { id: summary.id } : {};
    void form.submit(() => putSummary(conversation, { ...id, content, minMessageId, maxMessageId }), onDone);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={summary ? 'Edit summary' : 'New summary'}>
      <Stack gap="xs">
        <Textarea
          label="Summary"
          autosize
          minRows={3}
          maxRows={14}
          size="sm"
          value={draft.content}
          onChange={(event) => edit({ content: event.currentTarget.value }, 'content')}
          error={form.errors['summary.content']}
          data-autofocus
        />
        <Group gap="xs" grow align="flex-start">
          {RANGE_FIELDS.map(({ field, label }) => (
            <NumberInput
              key={field}
              label={label}
              size="xs"
              min={1}
              allowDecimal={false}
              hideControls
              value={draft[field]}
              onChange={(value) => edit({ [field]: value }, field)}
              error={form.errors[`summary.${field}`]}
            />
          ))}
        </Group>
        <Text size="xs" c="dimmed" mt={-4}>
          {RANGE_HINT}
        </Text>
        <FormFooter form={form} saveLabel={summary ? 'Save summary' : 'Add summary'} onCancel={onDone} />
      </Stack>
    </form>
  );
}
