import { Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { normalizeFactKey } from '../../../../shared/domain/fact-key';
import { FACT_CATEGORIES, type FactCategory, type MemoryFact } from '../../../../shared/domain/memory';
import { FACT_CATEGORY_LABELS, type PersonRef } from '../model';
import { memorySelectors } from '../selectors';
import { useMemoryStore } from '../store';
import { FormFooter } from './FormFooter';
import { useApiForm } from './useApiForm';

const CATEGORY_OPTIONS = FACT_CATEGORIES.map((category) => ({
  value: category,
  label: FACT_CATEGORY_LABELS[category],
}));

type Draft = { category: FactCategory; key: string; content: string };

/**
 * Focus in and out of an inline form: the fact's field on opening; on closing, which removes
 * whatever had focus, back to what opened the form (Add fact) if it is still there.
 */
function useFocusReturn() {
  const field = useRef<HTMLTextAreaElement>(null);
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  useEffect(() => {
    field.current?.focus();
    return () => {
      // A frame later, once the opener is enabled again and the form is gone.
      requestAnimationFrame(() => {
        const lost = document.activeElement === null || document.activeElement === document.body;
        if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
      });
    };
  }, [opener]);
  return field;
}

/**
 * States a fact about a person, or corrects one (`fact`): a correction is a new fact that
 * supersedes the old, which stays in the history. The API's messages go under their fields.
 */
export function FactForm({
  person,
  fact,
  onDone,
}: {
  person: PersonRef;
  /** The fact to correct; none for a new one. */
  fact?: MemoryFact;
  onDone: () => void;
}) {
  const { putFact } = useMemoryStore(memorySelectors.actions);
  const form = useApiForm();
  const [draft, setDraft] = useState<Draft>({
    category: fact?.category ?? 'general',
    key: fact?.key ?? '',
    content: fact?.content ?? '',
  });
  const contentField = useFocusReturn();
  const edit = (change: Partial<Draft>, field: keyof Draft) => {
    setDraft((current) => ({ ...current, ...change }));
    form.clear(`fact.${field}`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(() => putFact(person, { ...(fact ? { supersedes: fact.id } : {}), ...draft }), onDone);
  };
  // Escape drops the form, as it drops a memory's draft; an open category list closes first.
  const cancelOnEscape = (event: KeyboardEvent) => {
    const listOpen = (event.target as HTMLElement).getAttribute('aria-expanded') === 'true';
    if (event.key !== 'Escape' || listOpen || form.saving) return;
    event.preventDefault();
    onDone();
  };

  return (
    <form
      onSubmit={submit}
      onKeyDown={cancelOnEscape}
      noValidate
      aria-label={fact ? 'Correct the fact' : 'New fact'}
    >
      <Stack gap="xs">
        <Textarea
          label="Fact"
          description="One sentence, as the agent would note it."
          autosize
          minRows={2}
          maxRows={6}
          size="sm"
          value={draft.content}
          onChange={(event) => edit({ content: event.currentTarget.value }, 'content')}
          error={form.errors['fact.content']}
          ref={contentField}
        />
        <Group gap="xs" grow align="flex-start">
          <Select
            label="Category"
            size="xs"
            data={CATEGORY_OPTIONS}
            value={draft.category}
            onChange={(value) => value && edit({ category: value as FactCategory }, 'category')}
            allowDeselect={false}
            error={form.errors['fact.category']}
          />
          <TextInput
            label="Key"
            size="xs"
            placeholder="home_city"
            value={draft.key}
            onChange={(event) => edit({ key: event.currentTarget.value }, 'key')}
            description={keyHint(draft.key)}
            // Under the field, so the Key stays level with the Category beside it.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={form.errors['fact.key']}
            spellCheck={false}
            autoComplete="off"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        </Group>
        <FormFooter form={form} saveLabel={fact ? 'Save correction' : 'Add fact'} onCancel={onDone} />
      </Stack>
    </form>
  );
}

/** What a typed key is saved as, when that is not what was typed ("Home City" is home_city). */
function keyHint(typed: string): string | undefined {
  const saved = normalizeFactKey(typed);
  if (typed.trim() === '' || saved === typed) return undefined;
  return saved === null ? 'No letters or digits: saved without a key.' : `Saved as ${saved}`;
}
