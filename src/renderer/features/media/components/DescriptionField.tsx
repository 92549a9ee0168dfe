import { Box, Group, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { SaveStatus } from '../../memory/components/SaveStatus';
import { autoSaveField, useAutoSave } from '../../memory/components/useAutoSave';

/**
 * A file's description, saved as the operator types (on a pause, on leaving the field; Escape
 * drops the draft), with why the model could not describe it and how the save went.
 */
export function DescriptionField({
  uniqueId,
  saved,
  failureReason,
  save,
  footer,
}: {
  uniqueId: string;
  saved: string;
  failureReason?: string | null | undefined;
  save: (text: string) => Promise<unknown>;
  /** Drawn under the field, before how the save went. */
  footer?: ReactNode;
}) {
  const auto = useAutoSave({ saved, save, field: 'description', what: 'The description' });
  return (
    <div className="me-description">
      {failureReason && !saved ? (
        <Text size="xs" c="orange.8">
          Could not be analyzed: {failureReason}
        </Text>
      ) : (
        auto.value.trim() === '' && (
          <Text size="xs" c="dimmed">
            No description: agents are told only what kind of file this is (a sticker: its emoji).
          </Text>
        )
      )}
      <Textarea
        aria-label={`Description of ${uniqueId}`}
        placeholder="What it shows, as the agent should be told"
        // Grows with its text by CSS: measuring each row's field in script made scrolling stutter.
        rows={2}
        classNames={{ input: 'me-description-input' }}
        size="sm"
        {...autoSaveField(auto)}
      />
      <Group gap="xs" wrap="wrap" mih={26}>
        {footer}
        <Box ml="auto">
          <SaveStatus saving={auto.saving} savedAt={auto.savedAt} />
        </Box>
      </Group>
    </div>
  );
}
