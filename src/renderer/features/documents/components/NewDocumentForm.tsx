import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { DocumentPlace } from '../../../../shared/api/documents-contract';
import { errorMessage, fieldErrors } from '../../../api/errors';
import { nameProblem } from '../model';
import { documentsSelectors } from '../selectors';
import { useDocumentsStore } from '../store';

/**
 * A name for a new document of a folder: checked as it is typed (a plain file name, `.md` added,
 * not one the folder has), created and opened in the editor on Create; Cancel or Escape closes it.
 */
export function NewDocumentForm({
  place,
  what,
  taken,
  onDone,
  onCancel,
}: {
  place: DocumentPlace;
  /** "role prompt" or "document", for the field's label. */
  what: string;
  taken: readonly string[];
  onDone: () => void;
  /** Cancel or Escape: the form closes without creating anything. */
  onCancel: () => void;
}) {
  const { create } = useDocumentsStore(documentsSelectors.actions);
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const problem = nameProblem(name, taken);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem !== null) return;
    setCreating(true);
    try {
      await create(place, name);
      onDone();
    } catch (error) {
      setRefusal(fieldErrors(error).name ?? errorMessage(error));
    } finally {
      setCreating(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || creating) return;
        event.preventDefault();
        onCancel();
      }}
      aria-label={`New ${what}`}
    >
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label={`Name of the new ${what}`}
          description=".md is added"
          placeholder="Night Owl"
          size="xs"
          style={{ flex: 1 }}
          value={name}
          data-autofocus
          autoFocus
          onChange={(event) => {
            setName(event.currentTarget.value);
            setRefusal(null);
          }}
          error={refusal ?? (name !== '' || submitted ? problem : null)}
        />
        <Group gap={4} mt={38} wrap="nowrap">
          {/* A name whose problem shows cannot be created (an empty one says why on Create). */}
          <Button type="submit" size="xs" loading={creating} disabled={name !== '' && problem !== null}>
            Create
          </Button>
          <Button size="xs" variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Group>
    </form>
  );
}
