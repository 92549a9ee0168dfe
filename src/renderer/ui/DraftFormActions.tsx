import { Button, Group } from '@mantine/core';

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
