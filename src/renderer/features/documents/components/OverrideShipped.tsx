import { Alert, Button, Group, Select, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import type { DocumentDir } from '../../../../shared/api/documents-contract';
import { errorMessage } from '../../../api/errors';
import { documentsSelectors } from '../selectors';
import { type OpenDocument, useDocumentsStore } from '../store';

/**
 * Above a shipped prompt: it is not changed in place, but copied as an override into one of the
 * operator's config directories, which is used instead of it from then on, and opened there.
 */
export function OverrideShipped({ open, dirs }: { open: OpenDocument; dirs: readonly DocumentDir[] }) {
  const { create } = useDocumentsStore(documentsSelectors.actions);
  const choices = dirs.filter(
    (dir) => !dir.shipped && !dir.prompts.some((entry) => entry.name === open.name),
  );
  const [dir, setDir] = useState<string | null>(choices[0]?.configDir ?? null);
  const [error, setError] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);

  const override = async () => {
    if (dir === null) return;
    setCopying(true);
    try {
      await create({ kind: 'prompts', configDir: dir }, open.name, open.text);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setCopying(false);
    }
  };

  return (
    <Alert color="gray" variant="light" title="Shipped with Troupe">
      <Text size="sm" mb="xs">
        This prompt comes with Troupe and is not changed, renamed or deleted here. To change it, override it:
        a copy in one of your config directories is used instead of it.
      </Text>
      {choices.length === 0 ? (
        <Text size="sm" c="dimmed">
          No config directory of yours can take an override; add one to the config path in Settings.
        </Text>
      ) : (
        <Group align="flex-end" gap="xs">
          <Select
            label="Override in"
            size="xs"
            data={choices.map((choice) => choice.configDir)}
            value={dir}
            onChange={setDir}
            allowDeselect={false}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button
            size="xs"
            leftSection={<IconCopy size={14} aria-hidden />}
            loading={copying}
            onClick={() => void override()}
          >
            Override and edit
          </Button>
        </Group>
      )}
      {error && (
        <Text size="sm" c="red" role="alert" mt="xs">
          {error}
        </Text>
      )}
    </Alert>
  );
}
