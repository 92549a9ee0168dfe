import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** Discard (while there is a draft) and Save, the end of every settings form that edits a draft. */
export function DraftFormActions({
  hasDraft,
  dirty,
  saving,
  onDiscard,
  saveLabel,
}: {
  hasDraft: boolean;
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
  saveLabel: string;
}) {
  return (
    <Group gap="sm">
      {hasDraft && (
        <Button variant="default" disabled={saving} onClick={onDiscard}>
          Discard changes
        </Button>
      )}
      <Button type="submit" disabled={!dirty || saving} loading={saving}>
        {saveLabel}
      </Button>
    </Group>
  );
}

/**
 * The foot of a settings form: why the last save failed, if it did, then the actions (`extra`,
 * such as Restore defaults, on the left), unless the form cannot be saved (`readOnly`).
 */
export function DraftFormFooter({
  form,
  dirty,
  saveLabel,
  extra,
  readOnly = false,
}: {
  form: { draft: unknown; formError: string | null; saving: boolean; discard: () => void };
  dirty: boolean;
  saveLabel: string;
  extra?: ReactNode;
  readOnly?: boolean;
}) {
  return (
    <>
      {form.formError && (
        <Alert role="alert" color="red" variant="light" title="Not saved">
          {form.formError}
        </Alert>
      )}
      {!readOnly && (
        <Group justify={extra ? 'space-between' : 'flex-end'} gap="sm">
          {extra}
          <DraftFormActions
            hasDraft={form.draft !== null}
            dirty={dirty}
            saving={form.saving}
            onDiscard={form.discard}
            saveLabel={saveLabel}
          />
        </Group>
      )}
    </>
  );
}
