import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useId } from 'react';
import type { AppInfo } from '../../../../shared/api/contract';
import { settingsSelectors } from '../selectors';
import { useSettingsStore } from '../store';
import { useDraftSave } from './useDraftSave';

const EMPTY: readonly string[] = [];

function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/**
 * The config directories saved in settings, in search order. An environment variable, when
 * set, wins over this list; the editor says so rather than pretending the list is in effect.
 */
export function ConfigPathEditor({ source }: { source: AppInfo['configPathSource'] | undefined }) {
  const saved = useSettingsStore(settingsSelectors.configPathSetting) ?? EMPTY;
  const { updateSettings } = useSettingsStore(settingsSelectors.actions);
  const form = useDraftSave<string[]>('configPath');
  const { draft, errors, formError, saving } = form;
  const titleId = useId();
  const rows = draft ?? [...saved];
  const cleaned = rows.map((row) => row.trim()).filter((row) => row !== '');
  // The runtime names a bad directory by its place in the saved list, which has no blank rows.
  const savedIndexOf = (rowIndex: number) =>
    rows.slice(0, rowIndex).filter((row) => row.trim() !== '').length;
  const dirty = draft !== null && !sameList(cleaned, saved);
  const overriddenBy = source === 'settings' || source === 'default' ? null : source;

  const edit = (next: string[]) => form.edit(next);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || saving) return;
    void form.save(() => updateSettings({ configPath: cleaned }), {
      title: 'Config path saved',
      message: overriddenBy
        ? `Saved. ${overriddenBy} still overrides it for now.`
        : 'Troupe reads agents from these directories now.',
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Text id={titleId} fw={600} size="sm">
            Config directories
          </Text>
          <Text size="xs" c="dimmed">
            Searched in this order; an agent or prompt in an earlier directory wins. Write whole paths. Leave
            the list empty to use the default directories.
          </Text>
        </div>
        {overriddenBy && (
          <Alert variant="light" color="yellow" icon={<IconInfoCircle aria-hidden />} p="sm">
            <Text size="sm">
              {overriddenBy === '--config-path' ? (
                <>
                  Troupe was started with <code>--config-path</code>, which overrides this list until it is
                  started without it.
                </>
              ) : (
                <>
                  The <code>{overriddenBy}</code> environment variable is set, so it overrides this list. The
                  list takes effect once the variable is unset.
                </>
              )}
            </Text>
          </Alert>
        )}
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed" fs="italic">
            No directories saved: the defaults are used.
          </Text>
        ) : (
          <Stack gap={8}>
            {rows.map((row, index) => {
              const position = index + 1;
              return (
                // Rows have no identity beyond their position while being edited.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Group key={index} gap={6} wrap="nowrap" align="flex-start">
                  <Text size="sm" c="dimmed" w={20} ta="right" mt={7} aria-hidden>
                    {position}.
                  </Text>
                  <TextInput
                    flex={1}
                    aria-label={`Config directory ${position}`}
                    placeholder="/path/to/config"
                    value={row}
                    onChange={(event) =>
                      edit(rows.map((r, i) => (i === index ? event.currentTarget.value : r)))
                    }
                    error={row.trim() === '' ? undefined : errors[`configPath.${savedIndexOf(index)}`]}
                    spellCheck={false}
                    autoComplete="off"
                    styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size={36}
                    aria-label={`Move config directory ${position} up`}
                    disabled={index === 0}
                    onClick={() => edit(moved(rows, index, index - 1))}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size={36}
                    aria-label={`Move config directory ${position} down`}
                    disabled={index === rows.length - 1}
                    onClick={() => edit(moved(rows, index, index + 1))}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size={36}
                    aria-label={`Remove config directory ${position}`}
                    onClick={() => edit(rows.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              );
            })}
          </Stack>
        )}
        {(errors.configPath || formError) && (
          <Text size="sm" c="red" role="alert">
            {errors.configPath ?? formError}
          </Text>
        )}
        <Group justify="space-between">
          <Button
            type="button"
            variant="subtle"
            size="sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => edit([...rows, ''])}
          >
            Add directory
          </Button>
          <Group gap="xs">
            {draft !== null && (
              <Button type="button" variant="default" size="sm" disabled={saving} onClick={form.discard}>
                Discard changes
              </Button>
            )}
            <Button type="submit" size="sm" disabled={!dirty} loading={saving}>
              Save config path
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
